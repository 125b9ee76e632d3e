import type { MenuButtonSeed, MenuSeed } from '../../platform/menu/define';
import { CONTRACT_MENU, CONTRACT_PREFIX, PLAN_MENU, PLAN_PREFIX, PRICE_MENU, PRICE_PREFIX } from './kinds';

/**
 * 运费合同, 运费价格 and 运费计划价 in the 运费管理 (Freight) folder: freight is money, so the
 * accountant's. The plan's own actions are buttons too: confirmPounds and clearForCal on the
 * selected plans, iurgent on one; the dialogs (pound list, remittance, fuel card, storage, print,
 * import) name their permission keys here.
 */
const AC = 'ROLE_ACCOUNTANT';

type Button = [component: string, name: string, en: string];
const DOCUMENT: Button[] = [
  ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'], ['audit', '审核', 'Audit'],
  ['unaudit', '反审核', 'Un-audit'], ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['copy', '复制', 'Copy'], ['export', '导出', 'Export'],
];
const PLAN_OWN: Button[] = [
  ['page:poundListedit', '编辑磅单', 'Edit tickets'], ['batch:confirmPounds', '确认磅单', 'Confirm tickets'], ['batch:clearForCal', '清除计算', 'Clear for recalculation'],
  ['page:remittance', '汇款', 'Remittance'], ['page:confirmOil', '确认油卡', 'Fuel card'], ['one:iurgent', '加急', 'Urgent'],
  ['page:findPrint', '打印', 'Print'], ['page:importExcel', '导入', 'Import'], ['page:storage', '存储仓库', 'Storage'], ['page:detail', '详情', 'Detail'],
  ['page:submitApproval', '提交审批', 'Submit for approval'],
];

function buttons(prefix: string, list: Button[]): MenuButtonSeed[] {
  return [
    { name: '查看', en: 'View', permission: `${prefix}_view`, component: 'view', roles: [AC] },
    ...list.map(([component, name, en]): MenuButtonSeed => ({
      name, en, permission: `${prefix}_${component.split(':').at(-1) as string}`, component: component as MenuButtonSeed['component'], roles: [AC],
    })),
  ];
}

export const FREIGHT_LEAVES: MenuSeed[] = [
  { name: '运费合同', en: 'Freight contracts', path: CONTRACT_MENU, roles: [AC], buttons: buttons(CONTRACT_PREFIX, [...DOCUMENT, ['batch:close', '关闭', 'Close']]) },
  { name: '运费价格', en: 'Freight prices', path: PRICE_MENU, roles: [AC], buttons: buttons(PRICE_PREFIX, [...DOCUMENT, ['import', '导入', 'Import']]) },
  { name: '运费计划价', en: 'Freight plan prices', path: PLAN_MENU, roles: [AC], buttons: buttons(PLAN_PREFIX, [...DOCUMENT, ...PLAN_OWN]) },
];
