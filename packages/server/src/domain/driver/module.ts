import type { FastifyInstance } from 'fastify';
import { idOrNumber, idParam } from '@wb/protocol';
import { z } from 'zod';
import { entryOf, writeLog } from '../../platform/audit/log';
import type { Database } from '../../platform/db/pool';
import type { FileStorage } from '../../platform/files/storage';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { defineAction, defineModule } from '../../platform/module/define';
import { registryBase, registryPermission, REGISTRY_KINDS } from '../registry/kinds';
import { checkOrigin } from '../weighing/print/check';
import { pdfDisposition } from '../weighing/print/routes';
import { ticketPdf } from '../weighing/print/pdf';
import { driverLink, driverOf } from './access';
import { book, cancel, me, notices, receipt, receiptView, status, ticket, ticketLayout } from './driver';
import { callIn, driverLinkOf, gateQueue } from './gate';

const bookingBody = z.strictObject({
  noticeLineId: idOrNumber,
  day: z.string({ error: '请选择预约日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '预约日期格式应为 yyyy-MM-dd'),
  quantity: z.number({ error: '请填写预装数' }).positive('预装数应大于0').max(1e9, '预装数过大'),
});
const receiptBody = z.strictObject({
  receiverName: z.string({ error: '请填写收货人姓名' }).trim().min(1, '请填写收货人姓名').max(40, '收货人姓名不能超过40个字'),
  signature: z.string({ error: '请签名' }).min(1, '请签名').max(400_000, '签名图片不能超过 200 KB'),
});
const callBody = z.strictObject({ registryId: idOrNumber });
const queueQuery = z.object({ kind: z.enum(REGISTRY_KINDS, { error: '类别应为 pu, sa, st, al, tr, pr 之一' }).optional() });
const linkBody = z.strictObject({ id: idOrNumber });

const driverAccess = { access: { public: true as const } };
/** a driver's change writes its own entry (the plate as actor) in its transaction */
const driverWrite = { ...driverAccess, logged: 'self' as const };

/**
 * The driver's calls: no sign-in, the signed link in X-Driver-Token (driver.ts, access.ts). Each
 * one checks the link and counts it against the per-link limit before anything else.
 */
function driverRoutes(app: FastifyInstance, db: Database, storage: FileStorage): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/api/driver/me', { config: driverAccess }, async (request, reply) => {
    reply.headers(noStore);
    return ok(await me(db, await driverOf(db, request)));
  });
  app.get('/api/driver/status', { config: driverAccess }, async (request, reply) => {
    reply.headers(noStore);
    return ok(await status(db, await driverOf(db, request)));
  });
  app.get('/api/driver/notices', { config: driverAccess }, async (request, reply) => {
    reply.headers(noStore);
    return ok(await notices(db, await driverOf(db, request)));
  });
  app.post('/api/driver/bookings', { config: driverWrite }, async (request) => {
    const d = await driverOf(db, request);
    const input = parse(bookingBody, request.body);
    const done = await db.transaction().execute((tx) => book(tx, d, input));
    return ok({ ...done, link: driverLink(request, done.token) }, '预约成功');
  });
  app.delete('/api/driver/bookings/:id', { config: driverWrite }, async (request) => {
    const d = await driverOf(db, request);
    const { id } = parse(idParam, request.params);
    return ok(await db.transaction().execute((tx) => cancel(tx, d, id)), '已取消预约');
  });
  app.get('/api/driver/ticket', { config: driverAccess }, async (request, reply) => {
    reply.headers(noStore);
    return ok(await ticket(db, await driverOf(db, request), checkOrigin(request)));
  });
  app.get('/api/driver/ticket.pdf', { config: driverAccess }, async (request, reply) => {
    const layout = await ticketLayout(db, await driverOf(db, request, { queryToken: true }), checkOrigin(request));
    const pdf = await ticketPdf(layout);
    return reply.header('content-type', 'application/pdf').header('cache-control', 'no-store')
      .header('content-disposition', pdfDisposition(layout.ticketNo).replace(/^attachment/, 'inline')).send(pdf);
  });
  app.post('/api/driver/receipt', { config: driverWrite }, async (request) => {
    const d = await driverOf(db, request);
    return ok(await receipt(db, storage, d, parse(receiptBody, request.body)), '已确认收货');
  });
}

/** Staff's side: the gate's waiting list, the registry list's 司机链接 (one per kind, logged by the route), a sales ticket's receipt. */
function staffRoutes(app: FastifyInstance, db: Database, storage: FileStorage, now: () => number): void {
  app.get('/api/weigh/sa/receipt/:id', { config: { access: { permission: 'weigh_sa_receipt' } } }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await receiptView(db, storage, now, request.caller.orgId, id));
  });
  app.get('/api/gate/queue', { config: { access: { permission: 'gt_gate_view' } } }, async (request) => {
    const { kind } = parse(queueQuery, request.query ?? {});
    return ok(await gateQueue(db, request.caller, kind ?? null));
  });
  for (const kind of REGISTRY_KINDS) {
    app.post(`${registryBase(kind)}/driver-link`, { config: { access: { permission: `${registryPermission(kind)}_driverLink` }, logged: 'self' } }, async (request) => {
      const { id } = parse(linkBody, request.body);
      const done = await db.transaction().execute(async (tx) => {
        const result = await driverLinkOf(tx, request.caller, kind, id, request);
        await writeLog(tx, entryOf(request.caller, result.note));
        return result.reply;
      });
      return ok(done);
    });
  }
}

/**
 * 司机自助 (the driver's phone): a driver reached by a signed, expiring link (token.ts) books an
 * appointment within the gate's rules, watches his place in the queue and the gate's call, opens
 * his e-ticket and has the receiver confirm a sales delivery. The gate's 叫号 and waiting list,
 * and the registry list's 司机链接, are here too. Driver's page: the web's driver.html at /driver/.
 */
export const driverModule = defineModule({
  key: 'driver',
  depends: ['gate', 'registry', 'weighing'],
  actions: [
    defineAction({
      path: '/api/gate/call', permission: 'gt_gate_call', body: callBody,
      run: ({ tx, who, input }) => callIn(tx, who, input.body.registryId),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '已叫号',
    }),
  ],
  routes: (app, { db, storage, now }) => {
    driverRoutes(app, db, storage);
    staffRoutes(app, db, storage, now);
  },
});
