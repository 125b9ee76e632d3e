import type { Config } from '../../config';
import type { Database, DatabaseHandle } from '../db/pool';
import type { FileStorage } from '../files/storage';

/** What a scheduled job or a queue worker runs with. */
export interface JobContext {
  db: Database;
  database: DatabaseHandle;
  now: () => number;
  storage: FileStorage;
  config: Config;
  log: { info(msg: string): void; warn(msg: string): void };
}

/**
 * A job a module runs on a schedule (系统管理 → 定时任务). Each firing runs once across every
 * instance sharing the database; a thrown error is a failed run, retried with backoff, and kept in
 * the run history (sys_job_run).
 */
export interface ScheduledJobDecl {
  /** stable: 'notice.expiry', 'webhook.sweep', 'workflow.remind' */
  key: string;
  /** 通知单到期 / Notice expiry */
  name: string;
  nameEn: string;
  /** default schedule; 5 fields, or 6 with seconds first (the screen may change it) */
  cron: string;
  /** tries after a failed run (default: 2 more, from 30 s, with backoff) */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** a run still going after this long is taken as failed and tried again (default 15 minutes) */
  timeoutSeconds?: number;
  /** also run once each time an instance running jobs starts (while the job is enabled) */
  atStart?: boolean;
  run(ctx: JobContext): Promise<{ summary?: string } | void>;
}

/** A queue's worker: units of work put on the queue by enqueue() (platform/jobs/enqueue.ts). */
export interface WorkerDecl<T = unknown> {
  /** 'webhook.deliver' */
  queue: string;
  /** tries after the first; backoff doubles the delay at each try */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** a throw: this try failed, retried by the library */
  handle(ctx: JobContext, data: T): Promise<void>;
}

/**
 * Work found in a table rather than sent as a job: `run` is called every `everyMs` on each instance
 * running jobs (JOBS on), the next call after the last one ended. Where a job per unit would cost
 * the unit's writer a row of the library's (the events of a weighing: platform/events/sweep.ts), the
 * writer leaves a marked row and the poller takes it; `run` must therefore be safe on two instances
 * at once (a row lock or an idempotent write), and a throw is logged and tried at the next call.
 */
export interface PollerDecl {
  /** 'webhook.fanout' */
  key: string;
  everyMs: number;
  run(ctx: JobContext): Promise<void>;
}

/** Typed by its data; the module's list takes it as it is. */
export function defineWorker<T>(worker: WorkerDecl<T>): WorkerDecl {
  return worker as WorkerDecl;
}
