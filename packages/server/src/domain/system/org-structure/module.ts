import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf, ROLE } from '../../../platform/menu/define';
import { assignBody, assignUsers } from './assign-users';
import { departmentFamily } from './department-family';
import { groupBody, updateGroup } from './group';
import { organisationFamily } from './organisation-family';
import { DEPARTMENT_BASE } from './paths';
import { orgStructureRoutes } from './routes';
import { ORG_STRUCTURE_TEMPLATES } from './templates';

const { operator: OP, quality: QA, accountant: AC } = ROLE;

/**
 * The organisation structure: the group, its organisations (administrators only) and each
 * company's departments, as trees on the document engine.
 */
export const orgStructureModule = defineModule({
  key: 'org-structure',
  // organisations: the engine asks the family's authorise (access.ts) before every change
  documents: [departmentFamily, organisationFamily],
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
  actions: [
    defineAction({
      path: `${DEPARTMENT_BASE}/assignUsers`, permission: 'sys_dept_update', body: assignBody,
      run: ({ tx, who, input }) => assignUsers(tx, who, input.body),
      log: (_, done) => done.note, reply: (done) => ({ count: done.count }), message: '保存成功',
    }),
    defineAction({
      method: 'PUT', path: '/api/system/group/update', permission: 'sys_group_update', body: groupBody,
      run: ({ tx, who, input }) => updateGroup(tx, who, input.body),
      log: (_, done) => done.note, reply: (done) => done.saved, message: '修改成功',
    }),
  ],
  routes: (app, { db }) => orgStructureRoutes(app, db),
});
