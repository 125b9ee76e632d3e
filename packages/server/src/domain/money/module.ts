import { idsBody } from '@wb/protocol';
import { parse } from '../../platform/http/errors';
import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { setAccountsControl } from './control';
import { documentApproval } from '../workflow/declare';
import { receiptEffectsWith } from './documents';
import { creditFamily, receiptFamily } from './family';
import { CONTROL_BUTTONS, controlPermission, MONEY_LEAVES, MONEY_PERMISSIONS } from './menu';
import { readStatement, readStatementJson, statementQuery, statementReplyText } from './statement';
import { statementDocument, statementFileName } from './statement-files';
import { sendDocument } from '../../platform/print/document';
import { letterheadOf } from '../../platform/print/letterhead';
import { weighParams } from '../weighing/repo';
import { accountListTemplate, ledgerListTemplate } from './templates';
import { accountLedgerCheck } from './consistency-repo';
import { readOnReplica } from '../../platform/db/replica';

/**
 * The customer's money (资金): receipts and refunds, credit lines, one account per customer with
 * its money control, the ledger and the statement. Registries and the weighing move the money
 * through ledger.ts (README: lock order).
 */
const controlActions: ActionDecl[] = [
  ...CONTROL_BUTTONS.map(([name, , , control]) => defineAction({
    path: `/api/money/account/${name}`, permission: controlPermission(name), body: idsBody,
    run: ({ tx, who, input }) => setAccountsControl(tx, who.orgId, input.body.ids, control),
    log: (_, done) => done.notes, reply: (done) => ({ count: done.count }), message: '设置成功',
  })),
];

export const moneyModule = defineModule({
  key: 'money',
  checks: [accountLedgerCheck],
  // the freeze's price comes from the price chain (ledger.ts registryUnitPrice)
  depends: ['masterdata', 'price', 'workflow'],
  documents: [receiptFamily, creditFamily],
  // receipts and refunds, and credit lines, are audited by their approval flow when the company defines one
  approvals: [
    // a flow decides who audits: its approver may be the receipt's recorder (rules.ts recorderAuditProblem)
    documentApproval(receiptFamily, {
      nameEn: 'Payments received and refunds', menuPath: '/sale/receive-payment',
      approveAs: { ...receiptFamily, onStateAction: receiptEffectsWith({ approvedByFlow: true }) },
    }),
    documentApproval(creditFamily, { nameEn: 'Customer credit', menuPath: '/sale/credit' }),
  ],
  templates: [accountListTemplate, ledgerListTemplate],
  menu: [{ area: '/sale', leaves: MONEY_LEAVES }],
  lists: [
    { url: '/api/money/account/v2/list', template: accountListTemplate.formatCode, permission: MONEY_PERMISSIONS.accountView },
    { url: '/api/money/ledger/v2/list', template: ledgerListTemplate.formatCode, permission: MONEY_PERMISSIONS.ledgerView },
  ],
  actions: controlActions,
  routes: (app, { db }) => {
    const view = { config: { access: { permission: MONEY_PERMISSIONS.ledgerView } } };
    // 对账单: GET with customerId, from, to; format=xlsx or pdf downloads it
    app.get('/api/money/statement', view, async (request, reply) => {
      const q = parse(statementQuery, request.query ?? {});
      // read on the replica when there is one (platform/db/replica.ts): a statement writes nothing
      if (!q.format) return reply.type('application/json; charset=utf-8').send(statementReplyText(await readOnReplica(db, (r) => readStatementJson(r, request.caller.orgId, q))));
      const statement = await readOnReplica(db, (r) => readStatement(r, request.caller.orgId, q));
      const { orgId } = request.caller;
      return sendDocument(reply, statementDocument(statement, await letterheadOf(db, orgId), await weighParams(db, orgId)), q.format, statementFileName(statement));
    });
  },
});
