import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { LIVE_VEHICLES_PATH, PLANT_PERMISSIONS, type LiveEvent } from '@wb/protocol';
import type { DatabaseHandle } from '../../platform/db/pool';
import { AUTH_SQL, type AuthRow } from '../../platform/auth/guard';
import { tokenHash } from '../../platform/auth/secrets';
import { LiveHub, type LiveSubscriber, pruneLiveChanges } from './hub';
import { vehiclesInPlant } from './repo';
import { sseFrame, sseHeartbeat, sseRetry } from './sse';

const PRUNE_EVERY_MS = 60_000;

export interface LiveOptions {
  /** how often a quiet stream says it is alive and checks its session again (LIVE_HEARTBEAT_MS, 25 s) */
  heartbeatMs?: number;
  /** how often an instance with open streams reads the changes committed since its last read */
  tailMs?: number;
}

/**
 * Whether the stream's session may still watch: not signed out, still in the company the stream
 * shows, still holding the permission. A stream outlives the request check, so it asks again.
 */
async function stillAllowed(pool: pg.Pool, request: FastifyRequest): Promise<boolean> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  const { rows } = await pool.query<AuthRow>({ name: 'auth-guard', text: AUTH_SQL, values: [tokenHash(token), PLANT_PERMISSIONS.live] });
  const r = rows[0];
  return Boolean(r && r.live && r.enabled && r.member && r.allowed && r.org_id === request.caller.orgId);
}

/**
 * The vehicles in the plant, live (/factoryvehicle/index): a text/event-stream of the caller's
 * company only. The whole list comes first on every connect (so a reconnect needs no
 * Last-Event-ID), then each change as it commits, on whichever instance made it.
 *
 * Authentication is the ordinary bearer header and the route's permission: the web opens the
 * stream with fetch (the eventsource package), not the browser's EventSource, which cannot send
 * headers. So no token travels in a URL (where logs and history would keep it), and no second
 * kind of credential has to be issued, signed and expired.
 */
export function liveRoutes(app: FastifyInstance, database: DatabaseHandle, options: LiveOptions = {}): void {
  const { db, pool } = database;
  const hub = new LiveHub(pool, db, options.tailMs);
  const heartbeatMs = options.heartbeatMs ?? (Number(process.env.LIVE_HEARTBEAT_MS) || 25_000);
  const pruning = setInterval(() => void pruneLiveChanges(pool).catch(() => {}), PRUNE_EVERY_MS).unref();
  app.addHook('preClose', async () => {
    clearInterval(pruning);
    await hub.close();
  });

  app.get(LIVE_VEHICLES_PATH, { config: { access: { permission: PLANT_PERMISSIONS.live } } }, async (request, reply) => {
    const { orgId } = request.caller;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(sseRetry(3000));

    let open = true;
    let unsubscribe: (() => void) | null = null;
    let beat: NodeJS.Timeout | null = null;
    const end = () => {
      if (!open) return;
      open = false;
      unsubscribe?.();
      if (beat) clearInterval(beat);
      res.end();
    };
    const send = (event: LiveEvent) => {
      if (open) res.write(sseFrame(event));
    };
    const snapshot = async () => send({ type: 'snapshot', vehicles: await vehiclesInPlant(db, orgId) });
    const subscriber: LiveSubscriber = { orgId, send, end, resync: () => void snapshot().catch(end) };
    res.on('close', end);

    try {
      unsubscribe = await hub.subscribe(subscriber);
      if (!open) return unsubscribe();
      await snapshot();
    } catch (err) {
      request.log.error(err);
      return end();
    }
    beat = setInterval(() => {
      stillAllowed(pool, request).then(
        (allowed) => (allowed ? open && res.write(sseHeartbeat()) : end()),
        () => end(),
      );
    }, heartbeatMs);
  });
}
