import type { NoticeFacts } from './gate-rules';
import type { DocStatus } from './lifecycle';

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

export type HoldMove = { kind: 'reserve' | 'release'; quantity: string } | null;

/**
 * What a document action does to the hold on the notice line: audit and recover reserve the
 * pre-load (a registry with a line), unaudit and obsolete give back what an audited one holds.
 */
export function holdMoveOf(
  r: { status: DocStatus; noticeId: string | null; noticeLineId: string | null; preQuantity: string | null; reserved: string },
  hold: 'reserve' | 'release' | null,
): HoldMove {
  if (hold === 'reserve' && r.noticeLineId && r.noticeId) return { kind: 'reserve', quantity: r.preQuantity ?? '0' };
  if (hold === 'release' && r.status === 'AUDITED' && r.noticeLineId) return { kind: 'release', quantity: r.reserved };
  return null;
}

/** What the registry holds after the move. */
export const reservedAfter = (reserved: string, move: HoldMove): string =>
  move?.kind === 'reserve' ? move.quantity : move?.kind === 'release' ? '0' : reserved;
