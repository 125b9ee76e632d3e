import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { NoticeKind } from '../../platform/db/schema';
import { writeLogs } from '../../platform/audit/log';
import type { ScheduledJobDecl } from '../../platform/jobs/define';
import { NOTICE_KINDS } from './kinds';

/** Who the log names for a change no user made. */
export const SYSTEM_ACTOR = '系统定时任务';

/**
 * 通知单到期: an audited notice whose end time has passed takes no more trucks: it is closed
 * (已关闭), as the close button would, one log entry each. A notice with trucks still on the way
 * waits for them (the close button's own rule) and is closed by a later firing. Returns the
 * numbers closed.
 */
export async function expireNotices(db: Database, now: Date, batch = 500): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ org_id: string; notice_no: string; kind: NoticeKind; end_time: Date }>`
      UPDATE wb_notice n SET doc_status = 'CLOSED', version = n.version + 1, updated_at = now()
      WHERE n.id IN (
        SELECT d.id FROM wb_notice d
        WHERE d.doc_status = 'AUDITED' AND d.end_time < ${now}
          AND NOT EXISTS (SELECT 1 FROM wb_notice_line l WHERE l.notice_id = d.id AND (l.in_transit > 0 OR l.in_transit_trips > 0))
        ORDER BY d.end_time LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING n.org_id::text, n.notice_no, n.kind, n.end_time`.execute(tx);
    const label = (k: NoticeKind) => NOTICE_KINDS.find((x) => x.kind === k)?.label ?? '通知单';
    await writeLogs(tx, rows.map((r) => ({
      orgId: r.org_id, userId: null, username: SYSTEM_ACTOR, action: 'noticeExpire', family: label(r.kind), docNo: r.notice_no,
      detail: `结束时间 ${r.end_time.toISOString()} 已过，自动关闭`,
    })));
    return rows.map((r) => r.notice_no);
  });
}

export const noticeExpiryJob: ScheduledJobDecl = {
  key: 'notice.expiry', name: '通知单到期关闭', nameEn: 'Notice expiry', cron: '*/5 * * * *',
  async run(ctx) {
    const closed = await expireNotices(ctx.db, new Date(ctx.now()));
    return { summary: closed.length ? `关闭 ${closed.length} 张：${closed.slice(0, 20).join('、')}${closed.length > 20 ? '…' : ''}` : '无到期通知单' };
  },
};
