import type { ButtonAction } from '@wb/protocol';
import { documentButtons, menuLeaf as leaf, ROLE, type MenuSeed } from '../../platform/menu/define';

/**
 * The 许可管理 (Licences) leaves: the licence archives and grants are kept by the accountant (the
 * sales office that deals with the authority); operators look them up, since the gate's registries
 * name a grant and a collector.
 */
const { operator: OP, accountant: AC } = ROLE;
const EDIT: ButtonAction[] = ['create', 'update', 'delList', 'enable', 'disable', 'export'];
const GRANT: ButtonAction[] = ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'enable', 'disable', 'export', 'import'];

export const EXPIRING_PERMISSION = 'mgp_grant_expiring';

export const LICENCE_LEAVES: MenuSeed[] = [
  leaf('许可产品', 'Licensed products', '/mgp/product', [OP, AC], { buttons: documentButtons('mgp_custom_product', EDIT, [AC], [OP]) }),
  leaf('标准产品', 'Standard products', '/mgp/stand-product', [OP, AC], { buttons: documentButtons('mgp_stand_product', EDIT, [AC], [OP]) }),
  leaf('单位部门', 'Divisions', '/mgp/division', [OP, AC], { buttons: documentButtons('mgp_division', EDIT, [AC], [OP]) }),
  leaf('授权提货人', 'Authorised collectors', '/mgp/employee', [OP, AC], { buttons: documentButtons('mgp_employee', EDIT, [AC], [OP]) }),
  leaf('销售类型', 'Sale types', '/mgp/sale-type', [OP, AC], { buttons: documentButtons('mgp_sale_type', EDIT, [AC], [OP]) }),
  leaf('许可发放', 'Grants', '/mgp/grant', [OP, AC], { buttons: documentButtons('mgp_grant', GRANT, [AC], [OP]) }),
  leaf('即将到期', 'Expiring grants', '/mgp/grant-expiring', [OP, AC], {
    buttons: [{ name: '查看', en: 'View', permission: EXPIRING_PERMISSION, component: 'view', roles: [OP, AC] }],
  }),
];
