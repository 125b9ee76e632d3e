import { familyButton, type MenuButtonSeed, type MenuSeed } from '../../platform/menu/define';
import { adjustPermission, PRICE_KINDS, pricePermission, type PriceKindDef } from './kinds';

/**
 * 销售价格 and 销售调价单 in the 销售 (Sales) folder, 采购价格 and 采购调价单 in 采购 (Purchase):
 * prices are money, so they are the accountant's.
 */
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: [string, string, string][] = [
  ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'], ['audit', '审核', 'Audit'],
  ['unaudit', '反审核', 'Un-audit'], ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['copy', '复制', 'Copy'],
  ['export', '导出', 'Export'],
];

function buttons(permission: (action: string) => string, extra: [string, string, string][] = []): MenuButtonSeed[] {
  return [
    { name: '查看', en: 'View', permission: permission('view'), component: 'view', roles: [AC] },
    ...[...DOCUMENT, ...extra].map(([action, name, en]): MenuButtonSeed => ({ name, en, permission: permission(action), component: action as MenuButtonSeed['component'], roles: [AC] })),
  ];
}

const leaves = (k: PriceKindDef): MenuSeed[] => [
  { name: k.label, en: k.labelEn, path: k.menuPath, roles: [AC], buttons: buttons((a) => pricePermission(k.kind, a), [['import', '导入', 'Import']]) },
  {
    name: k.adjustLabel, en: k.adjustLabelEn, path: k.adjustMenuPath, roles: [AC],
    // 提交审批: the adjustment walks its approval flow (domain/workflow) when its type has one
    buttons: [...buttons((a) => adjustPermission(k.kind, a)), familyButton(`price_adjust_${k.kind}`, 'page', 'submitApproval', '提交审批', 'Submit for approval', [AC])],
  },
];

export const SALE_PRICE_LEAVES: MenuSeed[] = leaves(PRICE_KINDS[0]);
export const PURCHASE_PRICE_LEAVES: MenuSeed[] = leaves(PRICE_KINDS[1]);
