import type { FastifyInstance } from 'fastify';
import { deductBody, normalisePlate, type TicketMoneyParams } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import { idParam } from '@wb/protocol';
import { ticketPictures } from './pictures';
import { previewDeduct } from './actions';
import { TICKET_KINDS, ticketBase, ticketPermission, type TicketKind } from './kinds';
import { weighParams } from './repo';
import { ticketPrintRoutes } from './print/routes';
import { ticketCheckRoutes } from './print/check';
import { truckInfo } from './truck-info';
import { gaugeView } from './gauge/gauge';

/** Which truck the weighing screen asks about: a plate or a card read, one of the two. */
const truckQuery = z.strictObject({
  plate: z.string().trim().min(1, '请输入车牌号').max(20, '车牌号最多20个字符').optional(),
  cardUid: z.string().trim().min(1, '请读卡').max(64, 'IC卡号最多64个字符').optional(),
}).refine((q) => Boolean(q.plate) !== Boolean(q.cardUid), { message: '请输入车牌号或读卡（二选一）', path: ['plate'] });

/**
 * The ticket's calls that change nothing or answer a download, beside the module's actions
 * (module.ts): the 扣重 dialog's figures, the decimals of the 修改单价 dialog, and the print page
 * (print/routes.ts: its preview, and a print that counts, which may answer a PDF).
 */
export function weighingRoutes(app: FastifyInstance, db: Database): void {
  for (const kind of TICKET_KINDS) {
    dialogReads(app, db, kind);
    ticketPrintRoutes(app, db, kind);
  }
  // the public check page's call: the printed QR code's link, no sign-in (print/check.ts)
  ticketCheckRoutes(app, db);
}

function dialogReads(app: FastifyInstance, db: Database, kind: TicketKind): void {
  // the 扣重 dialog's figures before it saves: nothing written, so the demo plant answers it too
  app.post(`${ticketBase(kind)}/deduct/preview`, { config: { access: { permission: `${ticketPermission(kind)}_deduct`, demoAllowed: true } } }, async (request) => {
    return ok(await previewDeduct(db, request.caller, kind, parse(deductBody, request.body)));
  });
  // the decimals the 修改单价 dialog rounds its shown amount to (protocol ticketAmount), as modifyPrice does
  app.get(`${ticketBase(kind)}/moneyParams`, { config: { access: { permission: `${ticketPermission(kind)}_modifyPrice` } } }, async (request) => {
    const { moneyPrecision, unitPricePrecision } = await weighParams(db, request.caller.orgId);
    return ok({ moneyPrecision, unitPricePrecision } satisfies TicketMoneyParams);
  });
  // the weighing screen's look before the operator weighs: the truck's trip, notice, material, party and first weighing (truck-info.ts); reads only
  app.get(`${ticketBase(kind)}/truck`, { config: { access: { permission: `${ticketPermission(kind)}_weigh`, demoAllowed: true } } }, async (request) => {
    const q = parse(truckQuery, request.query ?? {});
    return ok(await truckInfo(db, request.caller.orgId, kind, q.cardUid ? { cardUid: q.cardUid } : { plate: normalisePlate(q.plate ?? '') }));
  });
  // the 抓拍图片 dialog: the snapshots the ticket's weighings keep (pictures.ts); reads only
  app.get(`${ticketBase(kind)}/pictures/:id`, { config: { access: { permission: `${ticketPermission(kind)}_pictures`, demoAllowed: true } } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const shots = await ticketPictures(db, request.caller.orgId, kind, id);
    if (!shots) throw new AppError(404, '磅单不存在', 'id');
    return ok(shots);
  });
  // the 检尺 dialog: the ticket's gauging and what its material says of gauging (gauge/gauge.ts); reads only
  app.get(`${ticketBase(kind)}/gauge/:id`, { config: { access: { permission: `${ticketPermission(kind)}_gauge`, demoAllowed: true } } }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await gaugeView(db, request.caller, kind, id));
  });
}
