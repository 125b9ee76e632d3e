import { randomBytes } from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import { JOB_SCHEMA, poolDb, type QueueSpec } from './boss';
import type { JobContext, PollerDecl, ScheduledJobDecl, WorkerDecl } from './define';
import { finishRun, startRun } from './repo';
import { errorText, firingAfter, jobQueue } from './rules';
import { type Firing, scheduleNext, sendFiring } from './schedule';

/** Tries of a scheduled job's failed run, unless it says otherwise: 2 more, 30 s then about 60 s later. */
export const DEFAULT_JOB_RETRY = { limit: 2, delaySeconds: 30, backoff: true } as const;

/** Every queue the declarations need: one per scheduled job (its firings) and one per worker. */
export function jobQueues(jobs: ScheduledJobDecl[], workers: WorkerDecl[]): QueueSpec[] {
  return [
    ...jobs.map((j) => ({ name: jobQueue(j.key), retry: j.retry ?? DEFAULT_JOB_RETRY, expireInSeconds: j.timeoutSeconds })),
    ...workers.map((w) => ({ name: w.queue, retry: w.retry })),
  ];
}

export interface JobRunnerOptions {
  ctx: JobContext;
  jobs: ScheduledJobDecl[];
  workers: WorkerDecl[];
  pollers?: PollerDecl[];
  /** how often an idle worker asks for work (the library's polling; 0.5 at least) */
  pollSeconds: number;
  /** the zone the schedules are read in */
  timeZone: string;
}

export interface JobRunner {
  /** host:pid:random, written on each run it makes */
  instance: string;
  stop(): Promise<void>;
}

/**
 * This instance's share of the work: the library's workers take the firings and the queued units
 * as they come due; the database (the job table's row locks) gives each to one instance only.
 * Each firing sends the next before it runs, so the schedule is a chain of jobs in the database,
 * not a timer in any one process; every instance starting up sends the next firing of each
 * enabled job, which the firing's fixed id makes one job however many send it.
 */
export async function startJobRunner(o: JobRunnerOptions): Promise<JobRunner> {
  const { ctx } = o;
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const boss = new PgBoss({
    db: poolDb(ctx.database.pool), schema: JOB_SCHEMA, migrate: false, supervise: true, schedule: false,
  });
  boss.on('error', (err) => ctx.log.warn(`job library: ${(err as Error).message}`));
  await boss.start();
  const work = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: Math.max(0.5, o.pollSeconds) };

  for (const w of o.workers) {
    await boss.work<unknown>(w.queue, work, async ([job]) => {
      await w.handle(ctx, job.data);
    });
  }

  const byKey = new Map(o.jobs.map((j) => [j.key, j]));
  const fire = async (job: PgBoss.JobWithMetadata<Firing>) => {
    const { key, cron, manual = false } = job.data;
    const fireAt = new Date(job.data.fireAt);
    const decl = byKey.get(key);
    const row = await ctx.db.selectFrom('sys_job').select(['cron', 'enabled']).where('job_key', '=', key).executeTakeFirst();
    if (!decl || !row) return;
    if (!manual) {
      // stopped, or rescheduled since this firing was sent: it is dropped, and its chain ends
      if (!row.enabled || row.cron !== cron) return;
      await sendFiring(ctx.db, key, cron, firingAfter(cron, fireAt, new Date(), o.timeZone));
    }
    const started = new Date();
    const runId = await startRun(ctx.db, { key, fireAt, manual, attempt: job.retryCount + 1, instance, startedAt: started });
    // this try of this firing is already another instance's run
    if (!runId) return;
    try {
      const out = await decl.run(ctx);
      await finishRun(ctx.db, runId, key, started, new Date(), { ok: true, summary: out?.summary ?? null });
    } catch (err) {
      await finishRun(ctx.db, runId, key, started, new Date(), { ok: false, error: errorText(err) });
      // the library retries it, with backoff, up to the queue's limit
      throw err;
    }
  };
  for (const j of o.jobs) {
    await boss.work<Firing>(jobQueue(j.key), work, async ([job]) => fire(job));
  }

  // the chain of each enabled job, started (or found already there)
  const enabled = await ctx.db.selectFrom('sys_job').select(['job_key', 'cron']).where('enabled', '=', true).execute();
  for (const r of enabled) {
    if (byKey.has(r.job_key)) await scheduleNext(ctx.db, r.job_key, r.cron, new Date(), o.timeZone);
  }

  const polling = (o.pollers ?? []).map((p) => startPoller(p, ctx));

  return {
    instance,
    async stop() {
      await Promise.all(polling.map((stop) => stop()));
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    },
  };
}

/** A poller's loop: run, wait `everyMs`, run again, until stopped; stopping waits for the run under way. */
function startPoller(p: PollerDecl, ctx: JobContext): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    timer = null;
    running = p.run(ctx)
      .catch((err: unknown) => ctx.log.warn(`poller ${p.key}: ${errorText(err)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, p.everyMs).unref();
      });
  };
  timer = setTimeout(tick, p.everyMs).unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
