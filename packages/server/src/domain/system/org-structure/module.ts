import { defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf, ROLE } from '../../../platform/menu/define';
import { orgStructureRoutes } from './routes';
import { ORG_STRUCTURE_TEMPLATES } from './templates';

const { operator: OP, quality: QA, accountant: AC } = ROLE;

/**
 * The organisation structure: the group, its organisations (administrators only) and each
 * company's departments, as trees on the document engine.
 */
export const orgStructureModule = defineModule({
  key: 'org-structure',
  templates: ORG_STRUCTURE_TEMPLATES,
  menu: [
    // a company's departments, kept by the accountant
    { area: '/masterdata', leaves: [leaf('部门', 'Departments', '/masterdata/department', [OP, QA, AC], { component: 'org-structure/departments', buttons: documentButtons('sys_dept', ['create', 'update', 'delList', 'enable', 'disable', 'export', 'import'], [AC], [OP, QA]) })] },
    // the group and its organisations: only administrators change them
    {
      area: '/system',
      leaves: [leaf('组织机构', 'Organisations', '/system/org', [], {
        component: 'org-structure/organisations',
        buttons: [...documentButtons('sys_org', ['create', 'update', 'delList', 'enable', 'disable', 'export'], []),
          { name: '修改集团', en: 'Edit group', permission: 'sys_group_update' }],
      })],
    },
  ],
  // its documents are served under the administrators' guard (routes.ts), not by the plain engine
  routes: (app, { db, list }) => orgStructureRoutes(app, db, list),
});
