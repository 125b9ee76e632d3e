import type { FastifyInstance } from 'fastify';
import { idParam, normalisePlate } from '@wb/protocol';
import { entryOf, writeLog, writeLogs } from '../../platform/audit/log';
import type { ModuleContext } from '../../platform/module/define';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import type {} from '../../platform/audit/logged-routes';
import { refusedWeighing, type WeighCall } from '../weighing/weigh-log';
import { keepRefusalSnapshot, keepSnapshot, recordPrint, storeRefusalPicture } from './evidence';
import { requestIntervention } from './interventions';
import { interventionOfStation, recordContact } from './interventions-repo';
import { reasonOfRefusal } from './reasons';
import { laneAlarmBody, laneInterventionBody, laneLookupBody, laneSnapshotBody, laneStatusBody, laneTicketBody, laneWeighBody } from './schemas';
import { laneStationOf } from './station-auth';
import { truckOf } from './truck';
import { LaneRefused, laneWeigh } from './weigh';

export const LANE_BASE = '/api/lane';

/**
 * The unattended lane's calls, made by the station agent under its station credential
 * (`Authorization: Station <key>`, domain/station), not a session: each writes its own log entry
 * ('self'). Answers are the lane's words (packages/station lane/runner.ts LaneServer): a refusal
 * is `{ ok: false, refusal: { reason, message } }` with status 200, since for the lane a refusal
 * is an answer, not a failure; bad input is a 400 naming its field, as everywhere.
 */
export function laneRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, database, storage } = ctx;
  const station = (request: Parameters<typeof laneStationOf>[1]) => laneStationOf(database.pool, request);
  const stationCall = { access: { public: true as const }, logged: 'self' as const };

  // the truck a card or a plate names; reads only
  app.post(`${LANE_BASE}/lookup`, { config: stationCall }, async (request) => {
    const s = await station(request);
    const b = parse(laneLookupBody, request.body);
    const truck = await truckOf(db, s.orgId, { by: b.by, value: b.by === 'card' ? b.value : normalisePlate(b.value) });
    if (!truck) return ok({ ok: false, refusal: { reason: 'no-registry', message: b.by === 'card' ? `IC卡 ${b.value} 无有效登记` : `车辆 ${b.value} 无有效登记` } });
    return ok({ ok: true, truck: { plate: truck.plate, card: truck.card ?? undefined, registryId: truck.registryId } });
  });

  // the weighing: its log entries are the weighing's own (accepted: in its statements; refused: the weigh log row after the rollback)
  app.post(`${LANE_BASE}/weigh`, { config: stationCall }, async (request) => {
    const s = await station(request);
    const b = parse(laneWeighBody, request.body);
    const out: { call: WeighCall | null } = { call: null };
    try {
      const done = await db.transaction().execute((tx) => laneWeigh(tx, s, b, out));
      return ok(done, done.replay ? '该次过磅已记录' : '过磅成功');
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await refusedWeighing(db, s.actor, out.call?.kind ?? 'pu', out.call?.reading ?? 'FIRST', out.call ? { body: null as never, call: out.call } : null, request.body, error);
      const refusal = error instanceof LaneRefused ? error.refusal : { reason: reasonOfRefusal(error.message, error.field ?? null), message: error.message };
      return ok({ ok: false, refusal }, refusal.message);
    }
  });

  app.post(`${LANE_BASE}/intervention`, { config: stationCall, bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    const s = await station(request);
    const b = parse(laneInterventionBody, request.body);
    // the picture's bytes are stored first; a replayed request (or a failure) takes them back
    const stored = b.image
      ? await storeRefusalPicture(storage, s, { plate: b.plate ?? b.card ?? '', weight: b.weight == null ? '' : `${b.weight} ${b.unit ?? ''}`, refusal: b.message.slice(0, 40) }, Buffer.from(b.image, 'base64'), new Date(ctx.now()))
      : null;
    let kept = false;
    try {
      const r = await db.transaction().execute(async (tx) => {
        const asked = await requestIntervention(tx, s, b);
        let fileId: string | null = null;
        if (asked.created) {
          if (stored) fileId = await keepRefusalSnapshot(tx, s, asked.id, stored, b.plate ?? '');
          await writeLog(tx, entryOf(s.actor, asked.note));
        }
        return { id: asked.id, fileId };
      });
      kept = r.fileId !== null;
      return ok(r);
    } finally {
      if (stored && !kept) await stored.remove();
    }
  });

  // the lane asks for the operator's answer every second or so (polling: it survives a dropped
  // connection and a restarted agent without a stream to resume, and costs one indexed read)
  app.get(`${LANE_BASE}/intervention/:id`, { config: { access: { public: true } } }, async (request) => {
    const s = await station(request);
    const { id } = parse(idParam, request.params);
    const row = await interventionOfStation(db, s, id);
    if (!row) throw new AppError(404, '干预请求不存在', 'id');
    const decision = row.state === 'APPROVED' || row.state === 'USED' ? 'approve' : row.state === 'FORBIDDEN' ? 'forbid' : null;
    return ok({ id: row.id, state: row.state, decision, answeredBy: row.answered_by_name, remark: row.remark });
  });

  app.post(`${LANE_BASE}/snapshot`, { config: stationCall, bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    const s = await station(request);
    const b = parse(laneSnapshotBody, request.body);
    return ok(await keepSnapshot(db, storage, s, b.ticketNo, Buffer.from(b.image, 'base64'), new Date(ctx.now())));
  });

  app.post(`${LANE_BASE}/print`, { config: stationCall }, async (request) => {
    const s = await station(request);
    const b = parse(laneTicketBody, request.body);
    await db.transaction().execute(async (tx) => writeLogs(tx, [entryOf(s.actor, await recordPrint(tx, s, b.ticketNo))]));
    return ok({ printed: true });
  });

  app.post(`${LANE_BASE}/alarm`, { config: stationCall }, async (request) => {
    const s = await station(request);
    const b = parse(laneAlarmBody, request.body);
    await writeLog(db, entryOf(s.actor, { action: 'laneAlarm', family: '无人值守', docNo: s.scaleId, detail: `${s.stationName}：${b.message}` }));
    return ok({ recorded: true });
  });

  // the agent's own account (what it still holds for the server); changes no business record, so no log entry
  app.post(`${LANE_BASE}/status`, { config: stationCall }, async (request) => {
    const s = await station(request);
    const b = parse(laneStatusBody, request.body);
    await recordContact(db, s, b.queued, b.phase ?? null);
    return ok({ recorded: true });
  });

}
