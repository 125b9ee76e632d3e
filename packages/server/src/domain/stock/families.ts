import type { DocumentFamily } from '../../platform/documents/define';
import { earlyStockFamily } from './early/family';
import { transferFamily } from './transfer/family';

/** The stock documents on the document engine. */
export const STOCK_FAMILIES: DocumentFamily[] = [earlyStockFamily, transferFamily];
