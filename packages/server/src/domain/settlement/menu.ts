import { documentButtons, familyButton, ROLE, type MenuSeed } from '../../platform/menu/define';
import { settlePermission, SETTLE_KINDS, type SettleKind } from './kinds';
import { RECONCILE_MENU, RECONCILE_PERMISSIONS } from './reconcile';

/**
 * 采购结算, 销售结算 and 调拨结算 in the settlement folder: money, so the accountant's. The document
 * buttons and the settlement's own, one settlement at a time: 确认磅单 (every candidate of its party
 * and period), 审核, 反审核, 删除 and 关闭; and 调整, 发票 and 付款/收款, each a dialog.
 */
const AC = ROLE.accountant;

export function settlementLeaf(kind: SettleKind): MenuSeed {
  const k = SETTLE_KINDS[kind];
  const prefix = settlePermission(kind, '').slice(0, -1);
  return {
    name: k.label, en: k.en, path: k.menuPath, roles: [AC],
    buttons: [
      ...documentButtons(prefix, ['create', 'update', 'export'], [AC]),
      familyButton(prefix, 'page', 'confirmPounds', '确认磅单', 'Confirm tickets', [AC]),
      familyButton(prefix, 'one', 'examine', '审核', 'Examine', [AC]),
      // 提交审批: the settlement walks its approval flow (domain/workflow) when its type has one
      familyButton(prefix, 'page', 'submitApproval', '提交审批', 'Submit for approval', [AC]),
      familyButton(prefix, 'one', 'unexamine', '反审核', 'Un-examine', [AC]),
      familyButton(prefix, 'one', 'delete', '删除', 'Delete', [AC]),
      familyButton(prefix, 'one', 'close', '关闭', 'Close', [AC]),
      // the statement of the one chosen: PDF, Excel
      familyButton(prefix, 'page', 'printSettlement', '打印', 'Print', [AC]),
      familyButton(prefix, 'page', 'settlementExcel', '导出对账', 'Export statement', [AC]),
      // dialogs of their own: an adjustment row, an invoice, a payment
      familyButton(prefix, 'page', 'adjust', '调整', 'Adjust', [AC]),
      familyButton(prefix, 'page', 'invoice', '发票', 'Invoice', [AC]),
      familyButton(prefix, 'page', 'payment', k.payment === 'OUT' ? '付款' : '收款', k.payment === 'OUT' ? 'Pay' : 'Receive', [AC]),
    ],
  };
}

/**
 * 对账查询: per vendor, customer or carrier over a period, goods and freight alike, so a leaf of the
 * settlement folder of its own (it was a button in 运费结算's 更多: seed/menus.ts MOVED_BUTTONS).
 */
export const RECONCILE_LEAF: MenuSeed = {
  name: '对账查询', en: 'Reconciliation', path: RECONCILE_MENU, component: 'settlement/reconcile', roles: [AC],
  buttons: [
    { name: '查看', en: 'View', permission: RECONCILE_PERMISSIONS.view, component: 'view', roles: [AC] },
    { name: '导出', en: 'Export', permission: RECONCILE_PERMISSIONS.export, component: 'export', roles: [AC] },
  ],
};
