import { lockRefusal, type TicketLock } from './locks';

/**
 * The weigh ticket's lifecycle as one table (DESIGN section 5; domain notes: lifecycles):
 * first weighed -> (confirmed at the unloading or loading point) -> completed (net known) ->
 * audited -> posted ("down": stock records written). A truck that leaves loaded or empty closes
 * its ticket with no net. Merge and split act on completed tickets; return goods makes the
 * reverse ticket from a finished one. The routes, the site-confirmation buttons and the tests read
 * this table; nothing else decides whether an action is allowed.
 */
export const TICKET_STATES = ['firstWeighed', 'confirmed', 'completed', 'audited', 'posted', 'closed', 'obsolete'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const TICKET_ACTIONS = [
  'confirm', 'confirmNot', 'confirmAgain', 'singleWeigh', 'singleEmpty', 'secondWeigh', 'audit', 'unaudit', 'down',
  'reversedown', 'obsolete', 'recover', 'merge', 'split', 'returnGoods', 'deduct', 'update', 'modifyPrice', 'print', 'upload', 'delete',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const STATE_WORDS: Record<TicketState, string> = {
  firstWeighed: '一次过磅', confirmed: '已确认', completed: '已完成', audited: '已审核', posted: '已过账', closed: '已关闭', obsolete: '已作废',
};

export const TICKET_ACTION_WORDS: Record<TicketAction, string> = {
  confirm: '确认', confirmNot: '取消确认', confirmAgain: '重新确认', singleWeigh: '车辆重出', singleEmpty: '车辆空出', secondWeigh: '二次过磅',
  audit: '审核', unaudit: '反审核', down: '过账', reversedown: '反过账', obsolete: '作废', recover: '恢复', merge: '合并', split: '拆分',
  returnGoods: '退货', deduct: '扣重', update: '修改', modifyPrice: '修改单价', print: '打印', upload: '上传', delete: '删除',
};

/**
 * state x action -> state; an action missing from a state's row is not allowed there. A ticket is
 * deleted only once it counts for nothing: voided (its quantities given back) or closed.
 */
export const ticketTransitions = {
  firstWeighed: {
    confirm: 'confirmed', singleWeigh: 'closed', singleEmpty: 'closed', secondWeigh: 'completed',
    deduct: 'firstWeighed', obsolete: 'obsolete', print: 'firstWeighed',
  },
  confirmed: {
    confirmNot: 'firstWeighed', confirmAgain: 'confirmed', singleWeigh: 'closed', singleEmpty: 'closed', secondWeigh: 'completed',
    deduct: 'confirmed', obsolete: 'obsolete', print: 'confirmed',
  },
  completed: {
    audit: 'audited', merge: 'completed', split: 'completed', deduct: 'completed', update: 'completed', modifyPrice: 'completed',
    returnGoods: 'completed', obsolete: 'obsolete', print: 'completed', upload: 'completed',
  },
  audited: { unaudit: 'completed', down: 'posted', modifyPrice: 'audited', returnGoods: 'audited', print: 'audited', upload: 'audited' },
  posted: { reversedown: 'audited', returnGoods: 'posted', print: 'posted', upload: 'posted' },
  closed: { print: 'closed', delete: 'closed' },
  obsolete: { recover: 'firstWeighed', delete: 'obsolete' },
} as const satisfies Record<TicketState, Partial<Record<TicketAction, TicketState>>>;

/** What a guard looks at besides the state. */
export interface TicketFacts {
  code: string;
  state: TicketState;
  /** sent to the ERP: the ticket is locked there and may only be printed */
  uploaded: boolean;
  /** the material requires site confirmation before the second weighing */
  sceneConfirm: boolean;
  /** a return ticket was already made from this one */
  returned: boolean;
  /** this ticket is itself a return (its reverse cannot be returned again) */
  isReturn: boolean;
  /** an obsolete ticket comes back only while it has its first weighing (recover) */
  hasFirstWeighing: boolean;
  /** its net is known: a voided ticket that had one gave it back, and comes back only by weighing again */
  hasNet?: boolean;
  /** its return is posted: the return's records stand on this ticket's, so this one is not reverse-posted (stock/posting.ts keeps the same rule) */
  returnPosted?: boolean;
  /** a return whose original is not posted: nothing to turn round yet (stock/posting.ts keeps the same rule) */
  sourceUnposted?: boolean;
  /** typed by hand (手工磅单, wb_ticket.manual); unknown counts as weighed, whose figures are never updated */
  manual?: boolean;
  /** the document that locks it (a calculation, a settlement: rules/locks.ts); unknown counts as unlocked */
  lockedBy?: TicketLock | null;
}

export type TicketDecision = { ok: true; next: TicketState } | { ok: false; message: string };

const RETURNED_FIXED: readonly TicketAction[] = ['merge', 'split', 'deduct', 'update', 'obsolete'];

/** Guards beyond the table: the reason an allowed-looking action is still refused, or null. */
function guard(t: TicketFacts, action: TicketAction): string | null {
  const who = `磅单 ${t.code}`;
  if (t.uploaded && action !== 'print') return `${who} 已上传，已锁定，不能${TICKET_ACTION_WORDS[action]}`;
  if (action === 'secondWeigh' && t.state === 'firstWeighed' && t.sceneConfirm) return `${who} 的物料需现场确认，请先确认再二次过磅`;
  if (action === 'returnGoods' && t.returned) return `${who} 已退货，不能重复退货`;
  if (action === 'returnGoods' && t.isReturn) return `${who} 是退货单，不能再退货`;
  if (action === 'reversedown' && t.returnPosted) return `${who} 的退货单已过账，不能反过账`;
  if (action === 'down' && t.isReturn && t.sourceUnposted) return `${who} 的原磅单未过账，不能过账`;
  if (action === 'recover' && t.hasNet) return `${who} 已有净重，作废后不能恢复，请重新过磅`;
  if (action === 'recover' && !t.hasFirstWeighing) return `${who} 没有一次过磅记录，不能恢复`;
  if ((action === 'merge' || action === 'split') && t.isReturn) return `${who} 是退货单，不能${TICKET_ACTION_WORDS[action]}`;
  // the return carries the original's figures (its net left the notice line, its stock posting turns
  // the original's round): the original's weight no longer changes, nor is it voided under it
  if (t.returned && RETURNED_FIXED.includes(action)) return `${who} 已退货，不能${TICKET_ACTION_WORDS[action]}`;
  return null;
}

/**
 * Refusals that hold in every state, asked before the table so their message is the one given:
 * a locked ticket's figures are its document's, a weighed ticket's are the scale's, and only a
 * manual ticket has its weights typed over.
 */
function standing(t: TicketFacts, action: TicketAction): string | null {
  // the locking document is the way out whatever the state: it names the document to unlock
  const locked = lockRefusal(t.code, t.lockedBy, action);
  if (locked) return locked;
  if (action === 'update' && t.manual !== true) return `磅单 ${t.code} 是过磅生成的，不能修改重量，请用扣重或修改单价`;
  return null;
}

/** Whether one ticket may take an action, and the state it moves to; a refusal names the ticket, its state and the way out. */
export function decideTicketAction(t: TicketFacts, action: TicketAction): TicketDecision {
  const never = standing(t, action);
  if (never) return { ok: false, message: never };
  const row: Partial<Record<TicketAction, TicketState>> = ticketTransitions[t.state];
  const next = row[action];
  const word = TICKET_ACTION_WORDS[action];
  if (!next) {
    const again = (action === 'audit' && t.state === 'audited') || (action === 'down' && t.state === 'posted') || (action === 'secondWeigh' && t.state === 'completed');
    const hint = t.state === 'audited' ? '，请先反审核' : t.state === 'posted' ? '，请先反过账' : '';
    return { ok: false, message: `磅单 ${t.code} ${STATE_WORDS[t.state]}，不能${again ? '重复' : ''}${word}${again ? '' : hint}` };
  }
  const refusal = guard(t, action);
  return refusal ? { ok: false, message: refusal } : { ok: true, next };
}

/** The actions a ticket offers now (its buttons and the site-confirmation row's confirmSubButs). */
export function offeredActions(t: TicketFacts): TicketAction[] {
  return TICKET_ACTIONS.filter((a) => decideTicketAction(t, a).ok);
}
