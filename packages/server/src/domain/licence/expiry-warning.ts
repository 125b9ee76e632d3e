import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { writeLogs } from '../../platform/audit/log';
import type { ScheduledJobDecl } from '../../platform/jobs/define';
import { EXPIRING_DAYS, expiringWarning } from './rules';

const ACTOR = '系统定时任务';

/**
 * 许可证到期提醒: each audited, enabled grant ending within EXPIRING_DAYS (its end day included)
 * gets a warning in its company's operation log (系统管理 → 操作日志, action licenceExpiring), once a
 * day however often the job runs; the 即将到期 list shows the same grants. Returns the grants warned.
 */
export async function warnExpiringGrants(db: Database, today: string, days = EXPIRING_DAYS): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    // one warning run at a time, so two runs on one day cannot both write a grant's entry
    await sql`SELECT pg_advisory_xact_lock(hashtext('licence expiring warning'))`.execute(tx);
    const { rows } = await sql<{ org_id: string; grant_no: string; valid_to: string }>`
      SELECT g.org_id::text, g.grant_no, g.valid_to::text FROM mgp_grant g
      WHERE g.doc_status = 'AUDITED' AND g.enabled AND g.valid_to >= ${today}::date AND g.valid_to <= ${today}::date + ${days}::int
        AND NOT EXISTS (SELECT 1 FROM sys_log l WHERE l.org_id = g.org_id AND l.action = 'licenceExpiring' AND l.doc_no = g.grant_no
                        AND l.created_at >= ${today}::date)
      ORDER BY g.valid_to, g.grant_no`.execute(tx);
    const entries = rows.flatMap((r) => {
      const text = expiringWarning(r.grant_no, r.valid_to, today, days);
      return text ? [{ orgId: r.org_id, userId: null, username: ACTOR, action: 'licenceExpiring', family: '许可证', docNo: r.grant_no, detail: text }] : [];
    });
    await writeLogs(tx, entries);
    return entries.map((e) => e.docNo);
  });
}

/** Today in the plant's zone, yyyy-mm-dd. */
const plantDay = (now: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now));

export const licenceExpiryJob: ScheduledJobDecl = {
  key: 'licence.expiring', name: '许可证到期提醒', nameEn: 'Licence expiry warnings', cron: '0 8 * * *',
  async run(ctx) {
    const warned = await warnExpiringGrants(ctx.db, plantDay(ctx.now(), ctx.config.timeZone));
    return { summary: warned.length ? `提醒 ${warned.length} 张：${warned.slice(0, 20).join('、')}${warned.length > 20 ? '…' : ''}` : '无即将到期许可证' };
  },
};
