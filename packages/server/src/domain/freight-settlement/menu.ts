import { familyButton, type MenuSeed } from '../../platform/menu/define';
import { FS_LABEL, FS_LABEL_EN, FS_MENU, fsPermission } from './kinds';

/**
 * 运费结算 in the settlement folder: money, so the accountant's. The list with its batch actions
 * (审核, 删除), its export, and beside it the rows (明细), searched by the settlement's number.
 * newCreate, create, Operating are calls of the settlement's own dialogs and of the API.
 */
const AC = 'ROLE_ACCOUNTANT';
const prefix = fsPermission('').slice(0, -1);

export const FREIGHT_SETTLEMENT_LEAVES: MenuSeed[] = [
  {
    name: FS_LABEL, en: FS_LABEL_EN, path: FS_MENU, roles: [AC],
    buttons: [
      { name: '查看', en: 'View', permission: fsPermission('view'), component: 'view', roles: [AC] },
      // first, so the list's primary button is the clerk's everyday one (not 导出)
      { name: '新建结算', en: 'New settlement', permission: fsPermission('newCreate'), component: 'page:freightCreate', roles: [AC] },
      { name: '导出', en: 'Export', permission: fsPermission('export'), component: 'export', roles: [AC] },
      familyButton(prefix, 'batch', 'audit', '审核', 'Examine', [AC]),
      familyButton(prefix, 'batch', 'deletes', '删除', 'Delete', [AC]),
      familyButton(prefix, 'page', 'submitApproval', '提交审批', 'Submit for approval', [AC]),
      { name: '可结算磅单', en: 'Candidate tickets', permission: fsPermission('createList'), roles: [AC] },
      { name: '按期间生成', en: 'Create for a period', permission: fsPermission('create'), roles: [AC] },
      { name: '结算操作', en: 'Settlement actions', permission: fsPermission('Operating'), component: 'page:freightOperating', roles: [AC] },
    ],
  },
  {
    name: `${FS_LABEL}明细`, en: `${FS_LABEL_EN} rows`, path: `${FS_MENU}-row`, roles: [AC],
    buttons: [{ name: '查看', en: 'View', permission: fsPermission('detailList'), component: 'view', roles: [AC] }],
  },
];
