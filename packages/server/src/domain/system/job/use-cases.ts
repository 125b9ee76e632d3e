import type { Transaction } from 'kysely';
import { badRequest } from '../../../platform/http/errors';
import type { Selectable } from 'kysely';
import type { DB, SysJob } from '../../../platform/db/schema';
import { cronProblem } from '../../../platform/jobs/rules';
import { cancelPending, scheduleNext, sendRunNow } from '../../../platform/jobs/schedule';

type Tx = Transaction<DB>;
const zone = () => process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';

/** The job's row, locked for the change; a job that is not there answers 400 naming the id. */
async function lockJob(tx: Tx, id: string): Promise<Selectable<SysJob>> {
  const job = await tx.selectFrom('sys_job').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!job) throw badRequest('定时任务不存在', 'id');
  return job;
}

/** 启动: the stopped jobs among `ids` run on their schedule again (the next firing is sent). */
export async function startJobs(tx: Tx, ids: string[], now: Date): Promise<{ count: number; names: string[] }> {
  const names: string[] = [];
  for (const id of ids) {
    const job = await lockJob(tx, id);
    if (!job.declared) throw badRequest(`定时任务 ${job.name} 已不在程序中，不能启动`, 'ids');
    if (job.enabled) continue;
    await tx.updateTable('sys_job').set({ enabled: true, updated_at: now }).where('id', '=', id).execute();
    await scheduleNext(tx, job.job_key, job.cron, now, zone());
    names.push(job.name);
  }
  return { count: names.length, names };
}

/** 停止: no firing of it runs any more (those waiting are cancelled); a run under way finishes. */
export async function stopJob(tx: Tx, id: string, now: Date): Promise<{ name: string; changed: boolean }> {
  const job = await lockJob(tx, id);
  if (job.enabled) await tx.updateTable('sys_job').set({ enabled: false, updated_at: now }).where('id', '=', id).execute();
  await cancelPending(tx, job.job_key);
  return { name: job.name, changed: job.enabled };
}

/**
 * 删除: a job the code declares cannot be removed (the next start would bring it back), only
 * stopped; one whose module is gone is removed with its run history.
 */
export async function removeJob(tx: Tx, id: string): Promise<{ name: string }> {
  const job = await lockJob(tx, id);
  if (job.declared) throw badRequest(`定时任务 ${job.name} 由程序声明，不能删除，只能停止`, 'id');
  await cancelPending(tx, job.job_key);
  await tx.deleteFrom('sys_job').where('id', '=', id).execute();
  return { name: job.name };
}

/** 立即执行: one run now, on whichever instance takes it; also while the job is stopped. */
export async function runJobNow(tx: Tx, id: string, now: Date): Promise<{ name: string }> {
  const job = await lockJob(tx, id);
  if (!job.declared) throw badRequest(`定时任务 ${job.name} 已不在程序中，不能执行`, 'id');
  await sendRunNow(tx, job.job_key, job.cron, now);
  return { name: job.name };
}

/** 修改执行计划: the schedule checked, the waiting firings of the old one cancelled, the next of the new one sent. */
export async function updateJobCron(tx: Tx, id: string, cron: string, now: Date): Promise<{ name: string; before: string; cron: string }> {
  const text = cron.trim().split(/\s+/).join(' ');
  const problem = cronProblem(text);
  if (problem) throw badRequest(`参数 cron 错误: ${problem}`, 'cron');
  const job = await lockJob(tx, id);
  if (!job.declared) throw badRequest(`定时任务 ${job.name} 已不在程序中，不能修改`, 'id');
  await tx.updateTable('sys_job').set({ cron: text, updated_at: now }).where('id', '=', id).execute();
  if (text !== job.cron) {
    await cancelPending(tx, job.job_key);
    if (job.enabled) await scheduleNext(tx, job.job_key, text, now, zone());
  }
  return { name: job.name, before: job.cron, cron: text };
}
