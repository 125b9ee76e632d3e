import type { TemplateDef } from '../platform/templates/define';
import { logListTemplate } from './system/templates';
import { MASTERDATA_TEMPLATES } from './masterdata/families';
import { STOCK_TEMPLATES } from './stock/families';
import { NOTICE_TEMPLATES } from './notice/families';
import { ORG_STRUCTURE_TEMPLATES } from './system/org-structure/templates';
import { REGISTRY_TEMPLATES } from './registry/family';
import { INTERFACE_TEMPLATES } from './system/interface/templates';
import { CONFIRM_TEMPLATES } from './confirm/templates';
import { WEIGH_TEMPLATES } from './weighing/family';

/** Every family's screen templates, seeded at start (seedTemplates) after the migrations. */
export const ALL_TEMPLATES: TemplateDef[] = [logListTemplate, ...MASTERDATA_TEMPLATES, ...NOTICE_TEMPLATES, ...ORG_STRUCTURE_TEMPLATES, ...REGISTRY_TEMPLATES, ...INTERFACE_TEMPLATES, ...CONFIRM_TEMPLATES, ...STOCK_TEMPLATES, ...WEIGH_TEMPLATES];
