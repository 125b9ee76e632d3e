import { documentButtons, type MenuButtonSeed, type MenuSeed } from '../../platform/menu/define';

/**
 * The money leaves in the 销售 (Sales) folder: receipts and refunds, credit lines, the customers'
 * accounts with their control, and the movements. The accountant keeps the money; operators may
 * look at the accounts (a truck refused for want of money is asked about at the gate).
 */
const AC = 'ROLE_ACCOUNTANT';
const OP = 'ROLE_OPERATOR';

export const MONEY_PERMISSIONS = { accountView: 'money_account_view', ledgerView: 'money_ledger_view' } as const;
/** each setting its own key (a button entry is one permission): money_account_controlForbid ... */
export const controlPermission = (name: string) => `money_account_${name}`;
/** the accounts' control, one button a setting: (action name, zh, en) */
export const CONTROL_BUTTONS = [
  ['controlForbid', '资金控制：禁止', 'Control: forbid', 'FORBID'], ['controlWarn', '资金控制：提醒', 'Control: warn', 'WARN'], ['controlNone', '资金控制：不控制', 'Control: none', 'NONE'],
] as const;

export const MONEY_LEAVES: MenuSeed[] = [
  {
    name: '收款登记', en: 'Payments received', path: '/sale/receive-payment', roles: [AC],
    buttons: documentButtons('money_receipt', ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'export'], [AC]),
  },
  // the receipt's form as a page of its own (spec section 2: /modules/sale/recive_payment/edit),
  // opened from 收款登记: its route stays, the sidebar does not show it
  { name: '收款登记单', en: 'Payment received form', path: '/modules/sale/recive_payment/edit', component: 'money/receipt-edit', roles: [AC], hidden: true },
  {
    name: '客户授信', en: 'Customer credit', path: '/sale/credit', roles: [AC],
    buttons: documentButtons('money_credit', ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'export'], [AC]),
  },
  {
    name: '客户资金', en: 'Customer accounts', path: '/sale/account', roles: [AC, OP],
    buttons: [
      { name: '查看', en: 'View', permission: MONEY_PERMISSIONS.accountView, component: 'view', roles: [AC, OP] },
      ...CONTROL_BUTTONS.map(([name, zh, en]): MenuButtonSeed => ({ name: zh, en, permission: controlPermission(name), component: `batch:${name}`, roles: [AC] })),
    ],
  },
  // the statement's page reads GET /api/money/statement, permission money_ledger_view (资金流水's 查看)
  { name: '客户对账单', en: 'Customer statements', path: '/sale/statement', component: 'money/statement', roles: [AC] },
  {
    name: '资金流水', en: 'Money movements', path: '/sale/money-ledger', roles: [AC],
    buttons: [
      { name: '查看', en: 'View', permission: MONEY_PERMISSIONS.ledgerView, component: 'view', roles: [AC] },
    ],
  },
];
