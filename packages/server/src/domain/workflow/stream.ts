import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WORKFLOW_STREAM_EVENT, type WorkflowCounts } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';
import { counts } from './lists';

/**
 * GET /api/workflow/stream: the caller's counts (待办, 抄送, unread notifications) as server-sent
 * events, sent on open and whenever they change, so the top bar's badge follows without the page
 * polling. One timer per server reads the counts of the users with an open stream (every
 * WORKFLOW_STREAM_MS, 3 s by default) and writes to a stream only what changed: any change by any
 * instance of the server is seen, since it reads the committed tables.
 */
export const WORKFLOW_STREAM_PATH = '/api/workflow/stream';

interface Sub { userId: string; orgId: string; last: string; send: (c: WorkflowCounts) => void; end: () => void }

export function workflowStream(app: FastifyInstance, db: Kysely<DB>, opts: { everyMs?: number; heartbeatMs?: number } = {}): void {
  const everyMs = opts.everyMs ?? (Number(process.env.WORKFLOW_STREAM_MS) || 3000);
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const subs = new Set<Sub>();
  let timer: NodeJS.Timeout | null = null;
  let busy = false;

  const push = async (s: Sub) => {
    const c = await counts(db, s);
    const key = JSON.stringify(c);
    if (key !== s.last) {
      s.last = key;
      s.send(c);
    }
  };
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const s of [...subs]) await push(s).catch(() => s.end());
    } finally {
      busy = false;
    }
  };
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    for (const s of [...subs]) s.end();
  });

  app.get(WORKFLOW_STREAM_PATH, { config: { access: { permission: 'workflow_todo' } } }, async (request, reply) => {
    const { userId, orgId } = request.caller;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 5000\n\n');
    let open = true;
    const beat = setInterval(() => open && res.write(': keep-alive\n\n'), heartbeatMs);
    const sub: Sub = {
      userId, orgId, last: '',
      send: (c) => open && res.write(`event: ${WORKFLOW_STREAM_EVENT}\ndata: ${JSON.stringify(c)}\n\n`),
      end: () => {
        if (!open) return;
        open = false;
        clearInterval(beat);
        subs.delete(sub);
        if (subs.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
        res.end();
      },
    };
    res.on('close', sub.end);
    subs.add(sub);
    if (!timer) timer = setInterval(() => void tick(), everyMs);
    await push(sub).catch(sub.end);
  });
}
