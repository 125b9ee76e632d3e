import type { TemplateDef } from '../../../platform/templates/define';
import { departmentFamily } from './department-family';
import { departmentUsersDetail, organisationDetail } from './detail-templates';
import { organisationFamily } from './organisation-family';

/** The screens of the organisation structure: lists (with their trees), popups, the detail and the forms. */
export const ORG_STRUCTURE_TEMPLATES: TemplateDef[] = [organisationFamily, departmentFamily].flatMap((f) => [
  f.listTemplate, ...(f.resourceTemplate ? [f.resourceTemplate] : []), ...f.forms,
]).concat([organisationDetail, departmentUsersDetail]);
