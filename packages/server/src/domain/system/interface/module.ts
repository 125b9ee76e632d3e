import { idParam, idsBody } from '@wb/protocol';
import { ok } from '../../../platform/http/envelope';
import { AppError, parse } from '../../../platform/http/errors';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, familyButton, menuLeaf as leaf } from '../../../platform/menu/define';
import { resendDeliveries } from '../../../platform/events/repo';
import { DELIVER_QUEUE, FANOUT_EVERY_MS, FANOUT_POLLER, deliverAndReschedule, fanOutPending, sweepDue, type DeliverJob } from '../../../platform/events/sweep';
import { defineWorker, type ScheduledJobDecl } from '../../../platform/jobs/define';
import { enqueue } from '../../../platform/jobs/enqueue';
import { interfaceFamily, newSecret } from './family';
import { HISTORY_LIST_CODE, historyListTemplate } from './history-list';
import { deliveryAttempts } from './attempts';
import { receiverPasswordOpener } from './credentials';

/** The safety net of the deliveries: any event not fanned out or delivery not tried a minute late (no instance polling, or a retry job lost with one) is done here. */
export const webhookSweepJob: ScheduledJobDecl = {
  key: 'webhook.sweep', name: '事件投递补漏', nameEn: 'Event delivery sweep', cron: '* * * * *',
  run: async (ctx) => {
    const tried = await sweepDue(ctx.db, { openSecret: receiverPasswordOpener(ctx.db) });
    return { summary: tried ? `补发 ${tried} 条` : '无逾期投递' };
  },
};

/**
 * Events leaving the plant (platform/events): 接口配置 lists a company's subscribers (webhooks and
 * the ERP: which events, where, signed how), 事件历史 every delivery with its tries, and resends.
 * Administrators only.
 */
export const interfaceModule = defineModule({
  key: 'interface',
  documents: [interfaceFamily],
  templates: [historyListTemplate],
  menu: [{
    area: '/system',
    leaves: [
      leaf('接口配置', 'Webhooks and interfaces', '/system/interface', [], {
        buttons: [...documentButtons('sys_interface', ['create', 'update', 'delList', 'enable', 'disable'], []),
          familyButton('sys_interface', 'page', 'newSecret', '重新生成密钥', 'New secret', [])],
      }),
      leaf('事件历史', 'Event history', '/system/outbox', [], {
        buttons: [...documentButtons('sys_outbox', [], []), familyButton('sys_outbox', 'batch', 'resend', '重新发送', 'Resend', [])],
      }),
    ],
  }],
  // each event's deliveries are tried by the job library's workers; a try the receiver asks to wait
  // for is queued again at its time (platform/events/sweep.ts), and a crash is the library's to retry
  workers: [defineWorker<DeliverJob>({
    queue: DELIVER_QUEUE, retry: { limit: 5, delaySeconds: 30, backoff: true },
    handle: async (ctx, data) => { await deliverAndReschedule(ctx.db, data.deliveryIds, { openSecret: receiverPasswordOpener(ctx.db) }); },
  })],
  // the events as they are recorded: their deliveries made after the commit and tried (the weighing writes the event alone)
  pollers: [{
    key: FANOUT_POLLER, everyMs: FANOUT_EVERY_MS,
    run: async (ctx) => { await fanOutPending(ctx.db, { openSecret: receiverPasswordOpener(ctx.db) }); },
  }],
  jobs: [webhookSweepJob],
  lists: [{ url: '/api/system/outbox/v2/list', template: HISTORY_LIST_CODE, permission: 'sys_outbox_view' }],
  actions: [
    defineAction({
      path: '/api/system/outbox/resend', permission: 'sys_outbox_resend', body: idsBody,
      run: async ({ tx, who, input }) => {
        const resent = await resendDeliveries(tx, who.orgId, input.body.ids);
        // one job for the batch: the worker tries them side by side, each retried on its own
        if (resent.length > 0) await enqueue(tx, DELIVER_QUEUE, { deliveryIds: resent.map((r) => r.id) } satisfies DeliverJob);
        return { resent, asked: input.body.ids.length };
      },
      log: (_, done) => done.resent.map((r) => ({ action: 'outboxResend', family: '事件历史', docNo: r.eventKey, detail: `${r.eventType} -> ${r.subscription}` })),
      reply: (done) => ({ count: done.resent.length }),
      message: (done) => (done.resent.length === done.asked ? '已重新排队发送' : `已重新排队 ${done.resent.length} 条；其余已在等待发送`),
    }),
    defineAction({
      path: '/api/system/interface/newSecret/:id', permission: 'sys_interface_newSecret', params: idParam,
      run: async ({ tx, who, input }) => {
        const secret = newSecret();
        const row = await tx.updateTable('sys_subscription').set({ secret, updated_at: new Date(), updated_by: who.userId, version: (eb) => eb('version', '+', 1) })
          .where('org_id', '=', who.orgId).where('id', '=', input.params.id).returning('name').executeTakeFirst();
        if (!row) throw new AppError(404, `接口订阅不存在: ${input.params.id}`, 'id');
        return { name: row.name, secret };
      },
      // the secret itself never goes into the log
      log: (_, done) => ({ action: 'newSecret', family: '接口订阅', docNo: done.name, detail: '重新生成签名密钥' }),
      message: '已生成新密钥，只显示这一次',
    }),
  ],
  routes: (app, { db }) => {
    // the tries of one delivery: when, how long, what the receiver answered
    app.get('/api/system/outbox/attempts/:id', { config: { access: { permission: 'sys_outbox_view', demoAllowed: true as const } } }, async (request) =>
      ok(await deliveryAttempts(db, request.caller.orgId, parse(idParam, request.params).id)));
  },
});
