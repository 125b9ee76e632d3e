import type { DocumentFamily } from '../../platform/documents/define';
import type { TemplateDef } from '../../platform/templates/define';
import { partnerFamilies } from './partner/family';

/** Every master-data family served by the document engine. */
export const MASTERDATA_FAMILIES: DocumentFamily[] = [...partnerFamilies];

/** Their templates, popups before the forms that open them. */
export const MASTERDATA_TEMPLATES: TemplateDef[] = MASTERDATA_FAMILIES.flatMap((f) => [
  f.listTemplate, ...(f.resourceTemplate ? [f.resourceTemplate] : []),
]).concat(MASTERDATA_FAMILIES.flatMap((f) => f.forms));
