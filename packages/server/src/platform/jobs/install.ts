import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../db/pool';
import type { FileStorage } from '../files/storage';
import type { FamilyModule } from '../module/define';
import { ensureQueues } from './boss';
import type { JobContext, PollerDecl, ScheduledJobDecl, WorkerDecl } from './define';
import { syncJobs } from './repo';
import { sendRunNow } from './schedule';
import { cronProblem } from './rules';
import { jobQueues, type JobRunner, startJobRunner } from './runner';

export interface JobDeclarations {
  jobs: ScheduledJobDecl[];
  workers: WorkerDecl[];
  pollers: PollerDecl[];
}

/** Every module's jobs and workers; a key or queue twice, or a default schedule that does not parse, stops the start. */
export function collectJobs(modules: FamilyModule[], extra: Partial<JobDeclarations> = {}): JobDeclarations {
  const jobs = [...modules.flatMap((m) => m.jobs ?? []), ...(extra.jobs ?? [])];
  const workers = [...modules.flatMap((m) => m.workers ?? []), ...(extra.workers ?? [])];
  const pollers = [...modules.flatMap((m) => m.pollers ?? []), ...(extra.pollers ?? [])];
  const seen = new Set<string>();
  for (const name of [...jobs.map((j) => `job ${j.key}`), ...workers.map((w) => `queue ${w.queue}`), ...pollers.map((p) => `poller ${p.key}`)]) {
    if (seen.has(name)) throw new Error(`定时任务: ${name} 重复`);
    seen.add(name);
  }
  for (const j of jobs) {
    const problem = cronProblem(j.cron);
    if (problem) throw new Error(`定时任务 ${j.key}: cron ${j.cron} 无效: ${problem}`);
  }
  return { jobs, workers, pollers };
}

export interface JobsDeps {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  now: () => number;
  declarations: JobDeclarations;
}

/**
 * The job library with the app: when the app is ready, the queues and the job rows are brought
 * up to date and (JOBS on) this instance starts taking work; when it closes, the work under way
 * finishes first. With JOBS off the instance still sends work (enqueue, run-now): it waits in the
 * database for an instance that runs it.
 */
export function installJobs(app: FastifyInstance, deps: JobsDeps): void {
  const { config, database, declarations } = deps;
  let runner: JobRunner | null = null;
  app.addHook('onReady', async () => {
    await ensureQueues(database.pool, jobQueues(declarations.jobs, declarations.workers));
    await syncJobs(database.db, declarations.jobs);
    if (!config.jobs) return;
    const ctx: JobContext = {
      db: database.db, database, now: deps.now, storage: deps.storage, config,
      log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
    };
    runner = await startJobRunner({ ctx, ...declarations, pollSeconds: config.jobPollSeconds, timeZone: config.timeZone });
    app.log.info({ instance: runner.instance }, 'job runner started');
    // the jobs that also run at start: one run-now firing each (whichever instance takes it)
    const atStart = declarations.jobs.filter((j) => j.atStart).map((j) => j.key);
    if (atStart.length > 0) {
      const rows = await database.db.selectFrom('sys_job').select(['job_key', 'cron']).where('job_key', 'in', atStart).where('enabled', '=', true).execute();
      for (const r of rows) await sendRunNow(database.db, r.job_key, r.cron, new Date(deps.now()));
    }
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
    runner = null;
  });
}
