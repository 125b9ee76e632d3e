import { ALERT_PATHS, ALERT_PERMISSIONS as P } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import { ok } from '../../platform/http/envelope';
import { ALERT_JOBS, ALERT_POLLERS } from './jobs';
import { parse } from '../../platform/http/errors';
import { alertDetail, alertList, assignAlert, closeAlert, commentAlert, reopenAlert, ticketAlerts } from './review';
import { members, openCounts } from './review-repo';
import { ALERT_REPORT, ALERT_REPORT_ROLES, alertDataset } from './review-report';
import { alertFilter, alertParams, assignBody, closeBody, commentBody, reopenBody, ruleParams, settingBody, ticketParams } from './review-schemas';
import { ruleSettings, saveRuleSetting } from './review-settings';

/**
 * 预警中心 (issue 23): what the reviewers see of the alerts the fraud and anomaly rules raise. The
 * list with its filters, an alert with its evidence (tickets, snapshots, readings) and comments, the
 * reviewer's changes (assign, comment, close with a finding, reopen), each rule's settings per
 * company, the home page's open counts and the report per rule, operator and vendor. See README.md.
 */
const GM = 'ROLE_GENERAL_MANAGER';
const AC = 'ROLE_ACCOUNTANT';
const BASE = '/api/alert';

const MENU = [
  leaf('预警中心', 'Alert centre', ALERT_PATHS.list, [GM, AC], {
    component: 'alert/centre',
    buttons: [
      { name: '查看', en: 'View', permission: P.view, roles: [GM, AC] },
      { name: '处理', en: 'Handle', permission: P.handle, roles: [GM] },
    ],
  }),
  leaf('预警设置', 'Alert settings', ALERT_PATHS.settings, [GM], {
    component: 'alert/settings',
    buttons: [{ name: '设置', en: 'Set', permission: P.settings, roles: [GM] }],
  }),
];

const REPORT_LEAF = leaf('预警统计', 'Alert summary', ALERT_PATHS.report, ALERT_REPORT_ROLES, {
  component: 'reports/view',
  buttons: [{ name: '查看', en: 'View', permission: P.report, roles: ALERT_REPORT_ROLES }],
});

const who = (c: { orgId: string; userId: string }) => ({ orgId: c.orgId, userId: c.userId });

export const alertModule = defineModule({
  key: 'alert',
  depends: ['weighing'],
  menu: [{ area: '/weigh', leaves: MENU }, { area: '/reportforms', leaves: [REPORT_LEAF] }],
  // the per-weighing rules just after each completion, and the nightly review (jobs.ts)
  pollers: ALERT_POLLERS,
  jobs: ALERT_JOBS,
  datasets: [alertDataset],
  reports: [ALERT_REPORT],
  actions: [
    defineAction({
      path: `${BASE}/:id/assign`, permission: P.handle, params: alertParams, body: assignBody,
      run: ({ tx, who: c, input }) => assignAlert(tx, who(c), input.params.id, input.body),
      log: (_, note) => note, reply: () => null, message: '指派成功',
    }),
    defineAction({
      path: `${BASE}/:id/comment`, permission: P.handle, params: alertParams, body: commentBody,
      run: ({ tx, who: c, input }) => commentAlert(tx, who(c), input.params.id, input.body),
      log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '评论成功',
    }),
    defineAction({
      path: `${BASE}/:id/close`, permission: P.handle, params: alertParams, body: closeBody,
      run: ({ tx, who: c, input }) => closeAlert(tx, who(c), input.params.id, input.body),
      log: (_, note) => note, reply: () => null, message: '已关闭',
    }),
    defineAction({
      path: `${BASE}/:id/reopen`, permission: P.handle, params: alertParams, body: reopenBody,
      run: ({ tx, who: c, input }) => reopenAlert(tx, who(c), input.params.id, input.body),
      log: (_, note) => note, reply: () => null, message: '已重新打开',
    }),
    defineAction({
      method: 'PUT', path: `${BASE}/settings/:rule`, permission: P.settings, params: ruleParams, body: settingBody,
      run: ({ tx, who: c, input }) => saveRuleSetting(tx, who(c), input.params.rule, input.body),
      log: (_, note) => note, reply: () => null, message: '保存成功',
    }),
  ],
  routes: (app, { db }) => {
    const may = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });
    app.get(`${BASE}/list`, may(P.view), async (request) => ok(await alertList(db, request.caller, parse(alertFilter, request.query ?? {}))));
    app.get(`${BASE}/counts`, may(P.view), async (request) => ok(await openCounts(db, request.caller.orgId)));
    app.get(`${BASE}/members`, may(P.view), async (request) => ok(await members(db, request.caller.orgId)));
    app.get(`${BASE}/settings`, may(P.view), async (request) => ok(await ruleSettings(db, request.caller)));
    app.get(`${BASE}/ticket/:ticketId`, may(P.view), async (request) =>
      ok(await ticketAlerts(db, request.caller, parse(ticketParams, request.params).ticketId)));
    app.get(`${BASE}/:id`, may(P.view), async (request) => ok(await alertDetail(db, request.caller, parse(alertParams, request.params).id)));
  },
});
