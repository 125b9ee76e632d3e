import Decimal from 'decimal.js';
import { CONFIRM_BUTTON_WORDS, type ConfirmButton, type PressableButton, SAMPLING_BUTTON_WORDS, type SiteDeductionKind } from '@wb/protocol';
import { type Deduction, deductionsBeyondLoad } from '../weighing/rules/net';
import { decideTicketAction, type TicketAction, type TicketFacts } from '../weighing/rules/transitions';

/**
 * Site confirmation (spec section 4: the confirmation buttons; domain notes: site confirmation).
 * Which buttons a row offers (confirmSubButs), whether it can be acted on, and what a press does,
 * decided on the ticket's lifecycle table (domain/weighing/rules/transitions.ts), so the grid
 * never offers what the ticket would refuse.
 */
const TICKET_ACTION_OF: Record<PressableButton, TicketAction> = {
  CONFIRM: 'confirm', CONFIRM_NOT: 'confirmNot', CONFIRM_AGAIN: 'confirmAgain', SINGLE_WEIGH: 'singleWeigh', SINGLE_EMPTY: 'singleEmpty',
};

export type SampleState = 'QUALIFIED' | 'UNQUALIFIED' | null;

export interface ConfirmRowFacts {
  ticket: TicketFacts;
  /** purchase sampling: the judgment of the sample so far */
  sampleState: SampleState;
}

/** The order the grid shows them in. */
const NORMAL_ORDER: PressableButton[] = ['CONFIRM', 'CONFIRM_AGAIN', 'CONFIRM_NOT', 'SINGLE_WEIGH', 'SINGLE_EMPTY'];

/**
 * Normal mode: the confirmation actions the ticket's lifecycle allows now. Sampling mode: a sample
 * is judged while the truck is still at the plant (before its ticket completes): 合格 (CONFIRM, or
 * CONFIRM_AGAIN once judged) and 不合格 (CONFIRM_NOT, until it is so judged). A row with nothing to
 * press shows CONFIRM_NO (无法确认).
 */
export function confirmButtons(row: ConfirmRowFacts, sampling: boolean): ConfirmButton[] {
  const open = row.ticket.state === 'firstWeighed' || row.ticket.state === 'confirmed';
  if (sampling) {
    if (!open || row.ticket.uploaded) return ['CONFIRM_NO'];
    if (row.sampleState === null) return ['CONFIRM', 'CONFIRM_NOT'];
    return row.sampleState === 'QUALIFIED' ? ['CONFIRM_AGAIN', 'CONFIRM_NOT'] : ['CONFIRM_AGAIN'];
  }
  const offered = NORMAL_ORDER.filter((b) => decideTicketAction(row.ticket, TICKET_ACTION_OF[b]).ok);
  return offered.length ? offered : ['CONFIRM_NO'];
}

/** Spec section 4: a row is actionable only if handleable, has confirm buttons and lacks CONFIRM_NO. */
export const actionable = (ihandle: boolean, buttons: readonly ConfirmButton[]) =>
  ihandle && buttons.length > 0 && !buttons.includes('CONFIRM_NO');

/** A button's word in the grid's mode (sampling: CONFIRM and CONFIRM_AGAIN are 合格, CONFIRM_NOT 不合格). */
const wordOf = (b: ConfirmButton, sampling: boolean) => ((sampling ? SAMPLING_BUTTON_WORDS[b] : undefined) ?? CONFIRM_BUTTON_WORDS[b]).zh;

export interface SiteDeduction { kind: SiteDeductionKind; mode: 'AMOUNT' | 'RATE'; value: string }

export interface ConfirmInput {
  button: PressableButton;
  deductions?: SiteDeduction[];
  reNums?: number;
  sampleCount?: number;
  /** yyyyMMdd */
  sampleDate?: string;
}

/** What a press writes on the ticket. */
export type ConfirmEffect =
  | { kind: 'state'; action: TicketAction; next: TicketFacts['state']; closeKind: 'SINGLE_WEIGH' | 'SINGLE_EMPTY' | null; deductions: SiteDeduction[] | null; reNums: number | null }
  | { kind: 'sample'; sampleState: 'QUALIFIED' | 'UNQUALIFIED'; sampleCount: number; sampledOn: string };

export type ConfirmDecision = { ok: true; effect: ConfirmEffect } | { ok: false; message: string };

const SAMPLE_COUNT_MAX = 500;

function checkDeductions(list: SiteDeduction[]): string | null {
  const seen = new Set<string>();
  for (const d of list) {
    if (seen.has(d.kind)) return `扣重项目 ${d.kind} 重复`;
    seen.add(d.kind);
    const v = new Decimal(d.value);
    if (v.isNegative()) return '扣重不能小于0';
    if (d.mode === 'RATE' && v.greaterThan(100)) return '扣重比例不能大于100%';
  }
  return null;
}

/** A site deduction as the weighing rules count it: tons, or a percentage of the net. */
const asDeduction = (d: SiteDeduction): Deduction => {
  const kind = d.kind.toLowerCase() as Deduction['kind'];
  return d.mode === 'RATE' ? { kind, rate: new Decimal(d.value) } : { kind, amount: new Decimal(d.value) };
};

/**
 * Deductions a press writes never exceed what the truck is known to carry (weighing/rules/net.ts
 * knownLoad, null before it is known): such a truck could never complete its second weighing.
 */
export function siteDeductionsBeyondLoad(effect: ConfirmEffect, load: Decimal | null): string | null {
  return effect.kind === 'state' && effect.deductions ? deductionsBeyondLoad(load, effect.deductions.map(asDeduction)) : null;
}

/** yyyyMMdd as an ISO date, or null when it names no day of the calendar (20261131). */
export function sampleDay(text: string): string | null {
  const iso = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return /^\d{8}$/.test(text) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Whether a press is allowed on the row as it is now, and its effect; a refusal says why. `today`
 * is the plant's date (yyyyMMdd), the sample's day when the sampler gives none.
 */
export function decideConfirm(row: ConfirmRowFacts, sampling: boolean, input: ConfirmInput, today = '19700101'): ConfirmDecision {
  const buttons = confirmButtons(row, sampling);
  if (!buttons.includes(input.button)) {
    return { ok: false, message: `磅单 ${row.ticket.code} 当前不能${wordOf(input.button, sampling)}` };
  }
  if (sampling) {
    const count = input.sampleCount ?? 1;
    if (!Number.isInteger(count) || count < 0 || count > SAMPLE_COUNT_MAX) return { ok: false, message: '样品数应为0到500的整数' };
    const sampledOn = sampleDay(input.sampleDate ?? today);
    if (!sampledOn) return { ok: false, message: `取样日期 ${input.sampleDate} 不是有效日期` };
    return { ok: true, effect: { kind: 'sample', sampleState: input.button === 'CONFIRM_NOT' ? 'UNQUALIFIED' : 'QUALIFIED', sampleCount: count, sampledOn } };
  }
  const action = TICKET_ACTION_OF[input.button];
  const decision = decideTicketAction(row.ticket, action);
  if (!decision.ok) return decision;
  const accepting = input.button === 'CONFIRM' || input.button === 'CONFIRM_AGAIN';
  if (!accepting && input.deductions?.length) return { ok: false, message: `${wordOf(input.button, sampling)}时不能录入扣重` };
  const problem = input.deductions ? checkDeductions(input.deductions) : null;
  if (problem) return { ok: false, message: problem };
  if (input.reNums !== undefined && (!Number.isInteger(input.reNums) || input.reNums < 0)) return { ok: false, message: '件数应为不小于0的整数' };
  const closeKind = input.button === 'SINGLE_WEIGH' || input.button === 'SINGLE_EMPTY' ? input.button : null;
  return {
    ok: true,
    effect: { kind: 'state', action, next: decision.next, closeKind, deductions: accepting ? (input.deductions ?? null) : null, reNums: input.reNums ?? null },
  };
}

/**
 * The quantity a press gives back to the notice line: a truck closed at the site (车辆重出, 空出)
 * leaves without goods counted, so the hold its registry put on the line goes back; any other
 * press keeps it (the second weighing turns it into done).
 */
export function heldQuantityReleased(effect: ConfirmEffect, truck: { noticeLineId: string | null; reserved: string }): string | null {
  if (effect.kind !== 'state' || !effect.closeKind || !truck.noticeLineId) return null;
  return Number(truck.reserved) > 0 ? truck.reserved : null;
}

/**
 * Where the load went (库存地址) or was loaded from (筒仓) is named when the site accepts it
 * (确认, 再次确认): a truck sent back or leaving empty put nothing anywhere. A silo is a sales
 * truck's loading point only.
 */
export function placeRefusal(effect: ConfirmEffect, kind: string, body: { stockAddressId?: unknown; siloId?: unknown }): { field: string; message: string } | null {
  const accepting = effect.kind === 'state' && (effect.action === 'confirm' || effect.action === 'confirmAgain');
  if (body.stockAddressId !== undefined && !accepting) return { field: 'stockAddressId', message: '只有确认卸货/装车时才能指定库存地址' };
  if (body.siloId !== undefined && kind !== 'sa') return { field: 'siloId', message: '只有销售磅单记录装车筒仓' };
  if (body.siloId !== undefined && !accepting) return { field: 'siloId', message: '只有确认装车时才能指定筒仓' };
  return null;
}
