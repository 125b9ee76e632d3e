import type { DocumentFamily } from '../../platform/documents/define';
import type { TemplateDef } from '../../platform/templates/define';
import { earlyStockFamily } from './early/family';
import { balanceListTemplate, recordListTemplate } from './lists';
import { productionStockListTemplate } from './production/list';
import { transferFamily } from './transfer/family';

/** The stock documents on the document engine, and every stock screen's template. */
export const STOCK_FAMILIES: DocumentFamily[] = [earlyStockFamily, transferFamily];

export const STOCK_TEMPLATES: TemplateDef[] = [
  balanceListTemplate, recordListTemplate, productionStockListTemplate,
  ...STOCK_FAMILIES.flatMap((f) => [f.listTemplate, ...(f.resourceTemplate ? [f.resourceTemplate] : []), ...f.forms]),
];
