import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import {
  scaleIdField, STATION_AUTH_SCHEME, STATION_LIVE_PATH, STATION_READINGS_PATH, STATION_SCALES_PATH, stationReadingsBody,
  type ScaleInfo, type ScaleLiveEvent, type StationReadingsReply,
} from '@wb/protocol';
import { AUTH_SQL, type AuthRow } from '../../platform/auth/guard';
import { tokenHash } from '../../platform/auth/secrets';
import type { DatabaseHandle } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import type {} from '../../platform/audit/logged-routes';
import { channelsOf } from '../../platform/db/channels';
import { ScaleBoard } from './board';
import { credentialByKeyHash, liveScales, touchCredential, type StationCaller } from './credential-repo';

/** The right to watch the scales on the weighing screen (a button of its leaf, weighing/menu.ts). */
export const SCALE_LIVE_PERMISSION = 'weigh_station_live';

const boards = new WeakMap<FastifyInstance, ScaleBoard>();
/**
 * The server's board of scales (board.ts: kept in the database, told to every instance): the
 * readings route fills it, the streams and the weighings read it. Made when the station module
 * mounts its routes.
 */
export function scaleBoardOf(app: FastifyInstance): ScaleBoard {
  const b = boards.get(app);
  if (!b) throw new Error('the station module is not mounted: no scale board');
  return b;
}

/** The credential of `Authorization: Station <key>`, or a 401 that says no more than that. */
async function stationOf(pool: pg.Pool, request: FastifyRequest): Promise<StationCaller> {
  const m = new RegExp(`^${STATION_AUTH_SCHEME}\\s+(\\S+)$`, 'i').exec(request.headers.authorization ?? '');
  const found = m ? await credentialByKeyHash(pool, tokenHash(m[1] as string)) : null;
  if (!found) throw new AppError(401, '磅点凭证无效或已吊销', 'authorization');
  return found;
}

/** last_used_at is written at most once a minute per credential: the list says whether a station is in use, not each post. */
const TOUCH_EVERY_MS = 60_000;

const liveQuery = z.object({ scaleId: scaleIdField });

export interface StationLiveOptions { heartbeatMs?: number; now: () => number }

export function stationLiveRoutes(app: FastifyInstance, database: DatabaseHandle, options: StationLiveOptions): void {
  const { db, pool } = database;
  const board = new ScaleBoard(db, channelsOf(pool));
  boards.set(app, board);
  const touched = new Map<string, number>();
  const heartbeatMs = options.heartbeatMs ?? (Number(process.env.LIVE_HEARTBEAT_MS) || 25_000);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  // The station agent's readings. No session: the station's own key. A reading changes no business
  // record (only the board of latest readings), so it writes no operation-log entry: the weighing that takes a
  // reading is what the logs keep (wb_weighing, wb_weigh_log, sys_log).
  app.post(STATION_READINGS_PATH, { config: { access: { public: true }, logged: 'self' } }, async (request): Promise<StationReadingsReply> => {
    const station = await stationOf(pool, request);
    const body = parse(stationReadingsBody, request.body);
    if (body.scaleId !== station.scaleId) throw new AppError(403, `该凭证属于秤 ${station.scaleId}，不能发送秤 ${body.scaleId} 的读数`, 'scaleId');
    const accepted = await board.publish(station.orgId, station.scaleId, body.readings, new Date(options.now()));
    const last = touched.get(station.credentialId) ?? 0;
    if (options.now() - last > TOUCH_EVERY_MS) {
      touched.set(station.credentialId, options.now());
      void touchCredential(pool, station.credentialId).catch((err) => request.log.warn(err));
    }
    return { accepted };
  });

  app.get(STATION_SCALES_PATH, { config: { access: { permission: SCALE_LIVE_PERMISSION } } }, async (request) => {
    const { orgId } = request.caller;
    const [scales, latest] = await Promise.all([liveScales(db, orgId), board.latestOf(db, orgId)]);
    return ok(scales.map((s): ScaleInfo => ({ scaleId: s.scale_id, stationName: s.station_name, latest: latest.get(s.scale_id) ?? null })));
  });

  // One scale's readings as they come: a snapshot (latest and trend) first, then each reading.
  // Opened with fetch and the bearer header, as the plant's live list is (domain/live/routes.ts).
  app.get(STATION_LIVE_PATH, { config: { access: { permission: SCALE_LIVE_PERMISSION } } }, async (request, reply) => {
    const { scaleId } = parse(liveQuery, request.query ?? {});
    const { orgId } = request.caller;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    let open = true;
    const send = (event: ScaleLiveEvent) => {
      if (open) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    let stop: (() => void) | null = null;
    let beat: NodeJS.Timeout | null = null;
    const end = () => {
      if (!open) return;
      open = false;
      streams.delete(end);
      stop?.();
      if (beat) clearInterval(beat);
      res.end();
    };
    streams.add(end);
    res.on('close', end);
    try {
      // the snapshot first, then each reading any instance takes
      stop = await board.watch(orgId, scaleId, send);
      if (!open) return stop();
    } catch (err) {
      request.log.error(err);
      return end();
    }
    beat = setInterval(() => {
      stillAllowed(pool, request).then((allowed) => (allowed ? open && res.write(': keep-alive\n\n') : end()), () => end());
    }, heartbeatMs);
  });
}

/** A stream outlives the request's check: its session and right are asked again at each heartbeat. */
async function stillAllowed(pool: pg.Pool, request: FastifyRequest): Promise<boolean> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  const { rows } = await pool.query<AuthRow>({ name: 'auth-guard', text: AUTH_SQL, values: [tokenHash(token), SCALE_LIVE_PERMISSION] });
  const r = rows[0];
  return Boolean(r && r.live && r.enabled && r.member && r.allowed && r.org_id === request.caller.orgId);
}
