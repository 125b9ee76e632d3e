import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { ScheduledJobDecl } from '../../platform/jobs/define';
import { notify } from './notify';
import * as repo from './repo';
import { dueReminders, type WaitingStep } from './rules';

/**
 * 催办: the steps waiting past their limit (the step's remindAfterHours, else `defaultHours`) have
 * their approvers reminded: a notification each and a 'remind' entry on the timeline, once per
 * limit passed (the step's reminded_at). Meant to run on a schedule; answers how many steps.
 */
export const WORKFLOW_REMIND_DEFAULT_HOURS = 24;

export async function remindWaiting(db: Kysely<DB>, now: Date, defaultHours = WORKFLOW_REMIND_DEFAULT_HOURS): Promise<number> {
  const { rows } = await sql<{ instance_id: string; idx: number; activated_at: Date; reminded_at: Date | null; hours: number | null }>`
    SELECT s.instance_id::text, s.idx, s.activated_at, s.reminded_at,
           (f.definition->'steps'->(s.idx)->>'remindAfterHours')::int AS hours
      FROM wf_step s JOIN wf_instance i ON i.id = s.instance_id AND i.status = 'running' AND i.current_step = s.idx
      JOIN wf_flow f ON f.id = i.flow_id
     WHERE s.status = 'active' AND s.activated_at IS NOT NULL`.execute(db);
  const waiting: WaitingStep[] = rows.map((r) => ({
    instanceId: r.instance_id, stepIdx: r.idx, activatedAt: r.activated_at, remindedAt: r.reminded_at, limitHours: r.hours ?? defaultHours,
  }));
  let reminded = 0;
  for (const due of dueReminders(waiting, now)) {
    const done = await db.transaction().execute(async (tx) => {
      // taken once: a second run at the same time finds the reminder stamped already
      const step = await tx.updateTable('wf_step').set({ reminded_at: now })
        .where('instance_id', '=', due.instanceId).where('idx', '=', due.stepIdx).where('status', '=', 'active')
        .where((eb) => (due.remindedAt ? eb('reminded_at', '=', due.remindedAt) : eb('reminded_at', 'is', null)))
        .returning('org_id').executeTakeFirst();
      if (!step) return false;
      const inst = await tx.selectFrom('wf_instance').select(['id', 'org_id', 'title']).where('id', '=', due.instanceId).executeTakeFirstOrThrow();
      const users = await tx.selectFrom('wf_task').select('user_id').where('instance_id', '=', due.instanceId)
        .where('step_idx', '=', due.stepIdx).where('status', '=', 'pending').execute();
      const ids = users.map((u) => String(u.user_id));
      await repo.addAction(tx, String(inst.org_id), String(inst.id), 'remind', null, due.stepIdx, `等待超过 ${due.limitHours} 小时`, ids);
      await notify(tx, { id: String(inst.id), org_id: String(inst.org_id) }, 'remind', ids, `催办：${inst.title}`, `${inst.title} 已等待您审批超过 ${due.limitHours} 小时`);
      return true;
    });
    if (done) reminded++;
  }
  return reminded;
}

/** The limit of a step without its own remindAfterHours: WORKFLOW_REMIND_HOURS, else 24. */
export const remindDefaultHours = (env: NodeJS.ProcessEnv = process.env) => {
  const n = Number(env.WORKFLOW_REMIND_HOURS);
  return Number.isInteger(n) && n > 0 ? n : WORKFLOW_REMIND_DEFAULT_HOURS;
};

export const workflowRemindJob: ScheduledJobDecl = {
  key: 'workflow.remind', name: '审批催办', nameEn: 'Approval reminders', cron: '*/15 * * * *',
  async run(ctx) {
    const reminded = await remindWaiting(ctx.db, new Date(ctx.now()), remindDefaultHours());
    return { summary: reminded ? `催办 ${reminded} 个等待中的审批步骤` : '无超时的审批步骤' };
  },
};
