import type { NoticeFacts } from './gate-rules';

/**
 * A registry reserves on its notice line only while the notice grants anything: audited, and now
 * inside its period (domain notes: a notice grants a quantity for a period).
 */
export function decideNoticeForHold(code: string, notice: NoticeFacts | null, now: Date): string | null {
  if (!notice) return `登记单 ${code} 的通知单不存在`;
  if (notice.status !== 'AUDITED') {
    const word = { FREE: '未审核', CLOSED: '已关闭', OBSOLETE: '已作废', AUDITED: '' }[notice.status];
    return `登记单 ${code}：通知单 ${notice.code} ${word}，不能占用数量`;
  }
  if (now < notice.start || now > notice.end) return `登记单 ${code}：通知单 ${notice.code} 不在有效期内，不能占用数量`;
  return null;
}
