import { sql } from 'kysely';
import type { Database } from '../db/pool';
import type { ScheduledJobDecl } from './define';

/**
 * The declared jobs get their rows (a new one enabled on its default schedule); a row whose job
 * is no longer declared is marked so (kept with its history). A schedule changed on the screen
 * stays; the names follow the code.
 */
export async function syncJobs(db: Database, jobs: ScheduledJobDecl[]): Promise<void> {
  if (jobs.length > 0) {
    await db.insertInto('sys_job')
      .values(jobs.map((j) => ({ job_key: j.key, name: j.name, name_en: j.nameEn, cron: j.cron, default_cron: j.cron })))
      .onConflict((oc) => oc.column('job_key').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'), name_en: eb.ref('excluded.name_en'), default_cron: eb.ref('excluded.default_cron'), declared: true,
      })).where(sql<boolean>`(sys_job.name, sys_job.name_en, sys_job.default_cron, sys_job.declared) IS DISTINCT FROM (excluded.name, excluded.name_en, excluded.default_cron, true)`))
      .execute();
  }
  await db.updateTable('sys_job').set({ declared: false })
    .where('declared', '=', true)
    .$if(jobs.length > 0, (q) => q.where('job_key', 'not in', jobs.map((j) => j.key)))
    .execute();
}

export interface RunStart {
  key: string; fireAt: Date; manual: boolean; attempt: number; instance: string; startedAt: Date;
}

/** A run's row; null when this firing's try is already someone's (the other instance took it). */
export async function startRun(db: Database, r: RunStart): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('sys_job_run')
      .values({ job_key: r.key, fire_at: r.fireAt, manual: r.manual, attempt: r.attempt, instance: r.instance, started_at: r.startedAt, result: 'running' })
      .onConflict((oc) => oc.columns(['job_key', 'fire_at', 'attempt']).doNothing())
      .returning('id').executeTakeFirst();
    if (!row) return null;
    await tx.updateTable('sys_job').set({ last_started_at: r.startedAt, last_result: 'running', last_error: null }).where('job_key', '=', r.key).execute();
    return row.id;
  });
}

/** A run's end: how long it took, and its summary or its error. */
export async function finishRun(db: Database, id: string, key: string, started: Date, finished: Date, outcome: { ok: true; summary: string | null } | { ok: false; error: string }): Promise<void> {
  const result = outcome.ok ? 'ok' : 'failed';
  const error = outcome.ok ? null : outcome.error;
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('sys_job_run').set({
      finished_at: finished, duration_ms: finished.getTime() - started.getTime(), result, error, summary: outcome.ok ? outcome.summary : null,
    }).where('id', '=', id).execute();
    await tx.updateTable('sys_job').set({ last_finished_at: finished, last_result: result, last_error: error }).where('job_key', '=', key).execute();
  });
}
