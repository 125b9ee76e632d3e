import { describe, expect, it } from 'vitest';
import { rowActionsTable } from './row-actions';
import { decideTicketAction, offeredActions, TICKET_ACTION_WORDS, TICKET_STATES, ticketTransitions, type TicketFacts, type TicketState } from './transitions';

const ticket = (state: TicketState, over: Partial<TicketFacts> = {}): TicketFacts => ({
  code: 'CGBD202611210001', state, uploaded: false, sceneConfirm: false, returned: false, isReturn: false, hasFirstWeighing: true, ...over,
});

describe('ticketTransitions', () => {
  it('has a row for every state and only moves to known states', () => {
    for (const state of TICKET_STATES) {
      for (const next of Object.values(ticketTransitions[state])) expect(TICKET_STATES).toContain(next);
    }
  });

  it('walks a purchase ticket from first weighing to posted and back', () => {
    const path: [TicketState, Parameters<typeof decideTicketAction>[1], TicketState][] = [
      ['firstWeighed', 'confirm', 'confirmed'], ['confirmed', 'secondWeigh', 'completed'], ['completed', 'audit', 'audited'],
      ['audited', 'down', 'posted'], ['posted', 'reversedown', 'audited'], ['audited', 'unaudit', 'completed'],
    ];
    for (const [from, action, to] of path) expect(decideTicketAction(ticket(from), action)).toEqual({ ok: true, next: to });
  });

  it('closes a ticket whose truck leaves loaded or empty', () => {
    expect(decideTicketAction(ticket('firstWeighed'), 'singleWeigh')).toEqual({ ok: true, next: 'closed' });
    expect(decideTicketAction(ticket('confirmed'), 'singleEmpty')).toEqual({ ok: true, next: 'closed' });
    expect(decideTicketAction(ticket('closed'), 'secondWeigh')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已关闭，不能二次过磅' });
  });

  it('never completes a ticket twice', () => {
    expect(decideTicketAction(ticket('completed'), 'secondWeigh')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已完成，不能重复二次过磅' });
  });

  it('asks for site confirmation before the second weighing when the material needs it', () => {
    expect(decideTicketAction(ticket('firstWeighed', { sceneConfirm: true }), 'secondWeigh')).toEqual({
      ok: false, message: '磅单 CGBD202611210001 的物料需现场确认，请先确认再二次过磅',
    });
    expect(decideTicketAction(ticket('confirmed', { sceneConfirm: true }), 'secondWeigh').ok).toBe(true);
    expect(decideTicketAction(ticket('firstWeighed'), 'secondWeigh').ok).toBe(true);
  });

  it('refuses to audit twice and points an audited or posted ticket the way back', () => {
    expect(decideTicketAction(ticket('audited'), 'audit')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已审核，不能重复审核' });
    expect(decideTicketAction(ticket('audited'), 'deduct')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已审核，不能扣重，请先反审核' });
    expect(decideTicketAction(ticket('posted'), 'unaudit')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已过账，不能反审核，请先反过账' });
    expect(decideTicketAction(ticket('posted'), 'down')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已过账，不能重复过账' });
  });

  it('merges and splits completed tickets only, never a return ticket', () => {
    expect(decideTicketAction(ticket('completed'), 'merge').ok).toBe(true);
    expect(decideTicketAction(ticket('audited'), 'split').ok).toBe(false);
    expect(decideTicketAction(ticket('firstWeighed'), 'merge').ok).toBe(false);
    expect(decideTicketAction(ticket('completed', { isReturn: true }), 'split')).toEqual({ ok: false, message: '磅单 CGBD202611210001 是退货单，不能拆分' });
  });

  it('returns goods once from a finished ticket', () => {
    expect(decideTicketAction(ticket('posted'), 'returnGoods').ok).toBe(true);
    expect(decideTicketAction(ticket('posted', { returned: true }), 'returnGoods')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已退货，不能重复退货' });
    expect(decideTicketAction(ticket('completed', { isReturn: true }), 'returnGoods').ok).toBe(false);
    expect(decideTicketAction(ticket('firstWeighed'), 'returnGoods').ok).toBe(false);
  });

  it('posts a return ticket like any audited one (stock turns its original round)', () => {
    expect(decideTicketAction(ticket('audited', { isReturn: true }), 'down')).toEqual({ ok: true, next: 'posted' });
    expect(decideTicketAction(ticket('posted', { isReturn: true }), 'reversedown')).toEqual({ ok: true, next: 'audited' });
  });

  it('keeps a returned ticket as it was returned: no new weights, no voiding', () => {
    for (const action of ['merge', 'split', 'deduct', 'update', 'obsolete'] as const) {
      expect(decideTicketAction(ticket('completed', { returned: true, manual: true }), action)).toEqual({ ok: false, message: `磅单 CGBD202611210001 已退货，不能${TICKET_ACTION_WORDS[action]}` });
    }
    expect(decideTicketAction(ticket('completed', { returned: true }), 'audit').ok).toBe(true);
    expect(decideTicketAction(ticket('audited', { returned: true }), 'down').ok).toBe(true);
  });

  it('locks an uploaded ticket except for printing', () => {
    const uploaded = ticket('audited', { uploaded: true });
    expect(decideTicketAction(uploaded, 'unaudit')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已上传，已锁定，不能反审核' });
    expect(decideTicketAction(uploaded, 'down').ok).toBe(false);
    expect(decideTicketAction(uploaded, 'print')).toEqual({ ok: true, next: 'audited' });
    expect(offeredActions(uploaded)).toEqual(['print']);
  });

  it('obsoletes an unfinished ticket and recovers it to its first weighing', () => {
    expect(decideTicketAction(ticket('confirmed'), 'obsolete')).toEqual({ ok: true, next: 'obsolete' });
    expect(decideTicketAction(ticket('audited'), 'obsolete').ok).toBe(false);
    expect(decideTicketAction(ticket('obsolete'), 'recover')).toEqual({ ok: true, next: 'firstWeighed' });
    expect(decideTicketAction(ticket('obsolete', { hasFirstWeighing: false }), 'recover').ok).toBe(false);
  });

  it('takes deductions from first weighing to completion, and offers the confirmation buttons by state', () => {
    expect(decideTicketAction(ticket('confirmed'), 'deduct').ok).toBe(true);
    expect(offeredActions(ticket('firstWeighed'))).toEqual(['confirm', 'singleWeigh', 'singleEmpty', 'secondWeigh', 'obsolete', 'deduct', 'print']);
    expect(offeredActions(ticket('confirmed'))).toContain('confirmNot');
    expect(offeredActions(ticket('confirmed'))).toContain('confirmAgain');
  });

  it('updates the weights of a manual ticket only, and only once completed and unlocked', () => {
    const scale = `磅单 CGBD202611210001 是过磅生成的，不能修改重量，请用扣重或修改单价`;
    for (const state of TICKET_STATES) {
      expect(decideTicketAction(ticket(state), 'update')).toEqual({ ok: false, message: scale });
      expect(decideTicketAction(ticket(state, { manual: false }), 'update')).toEqual({ ok: false, message: scale });
      expect(offeredActions(ticket(state))).not.toContain('update');
    }
    expect(decideTicketAction(ticket('completed', { manual: true }), 'update')).toEqual({ ok: true, next: 'completed' });
    expect(offeredActions(ticket('completed', { manual: true }))).toContain('update');
    for (const state of TICKET_STATES.filter((s) => s !== 'completed')) {
      expect(decideTicketAction(ticket(state, { manual: true }), 'update').ok).toBe(false);
    }
    expect(decideTicketAction(ticket('audited', { manual: true }), 'update')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已审核，不能修改，请先反审核' });
    expect(decideTicketAction(ticket('completed', { manual: true, uploaded: true }), 'update').ok).toBe(false);
    // the manual fact touches 修改 alone
    expect(offeredActions(ticket('completed')).concat('update').sort()).toEqual(offeredActions(ticket('completed', { manual: true })).sort());
  });

  it('deletes only a ticket that counts for nothing: voided or closed', () => {
    expect(decideTicketAction(ticket('obsolete'), 'delete').ok).toBe(true);
    expect(decideTicketAction(ticket('closed'), 'delete').ok).toBe(true);
    expect(decideTicketAction(ticket('completed'), 'delete')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已完成，不能删除' });
    expect(decideTicketAction(ticket('firstWeighed'), 'delete').ok).toBe(false);
    expect(decideTicketAction(ticket('audited'), 'delete').ok).toBe(false);
    expect(decideTicketAction(ticket('posted'), 'delete').ok).toBe(false);
  });
});

describe('returns and posting', () => {
  it('refuses 反过账 on an original whose return is posted, and 过账 on a return whose original is not', () => {
    expect(decideTicketAction(ticket('posted', { returned: true, returnPosted: true }), 'reversedown')).toEqual({ ok: false, message: '磅单 CGBD202611210001 的退货单已过账，不能反过账' });
    expect(decideTicketAction(ticket('posted', { returned: true }), 'reversedown')).toEqual({ ok: true, next: 'audited' });
    expect(decideTicketAction(ticket('audited', { isReturn: true, sourceUnposted: true }), 'down')).toEqual({ ok: false, message: '磅单 CGBD202611210001 的原磅单未过账，不能过账' });
    expect(decideTicketAction(ticket('audited', { isReturn: true }), 'down')).toEqual({ ok: true, next: 'posted' });
  });
});

describe('recovering a voided ticket', () => {
  it('brings back only one with no net: a voided completed ticket is weighed again', () => {
    expect(decideTicketAction(ticket('obsolete', { hasNet: true }), 'recover')).toEqual({ ok: false, message: '磅单 CGBD202611210001 已有净重，作废后不能恢复，请重新过磅' });
    expect(decideTicketAction(ticket('obsolete'), 'recover')).toEqual({ ok: true, next: 'firstWeighed' });
  });
});

describe('a ticket locked by a calculation', () => {
  const lockedBy = { kind: 'SA_CALCULATION', no: 'XSJS202611250001' };
  const refused = '磅单 CGBD202611210001 已被销售计算 XSJS202611250001 锁定';

  it('refuses every change of its figures, merge, split, void and reverse-post, naming the calculation', () => {
    expect(decideTicketAction(ticket('completed', { lockedBy, manual: true }), 'update')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('completed', { lockedBy }), 'deduct')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('audited', { lockedBy }), 'modifyPrice')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('completed', { lockedBy }), 'merge')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('completed', { lockedBy }), 'split')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('completed', { lockedBy }), 'obsolete')).toEqual({ ok: false, message: refused });
    expect(decideTicketAction(ticket('posted', { lockedBy }), 'reversedown')).toEqual({ ok: false, message: refused });
  });

  it('names the locking document by its kind, an unknown kind by its code', () => {
    expect(decideTicketAction(ticket('completed', { lockedBy: { kind: 'AL_CALCULATION', no: 'DBJS1' } }), 'deduct'))
      .toEqual({ ok: false, message: '磅单 CGBD202611210001 已被调拨计算 DBJS1 锁定' });
    expect(decideTicketAction(ticket('completed', { lockedBy: { kind: 'SETTLEMENT', no: 'JS1' } }), 'deduct'))
      .toEqual({ ok: false, message: '磅单 CGBD202611210001 已被SETTLEMENT JS1 锁定' });
  });

  it('still audits, posts, prints and returns it: its figures stay as they are', () => {
    expect(decideTicketAction(ticket('completed', { lockedBy }), 'audit').ok).toBe(true);
    expect(decideTicketAction(ticket('audited', { lockedBy }), 'down').ok).toBe(true);
    expect(decideTicketAction(ticket('posted', { lockedBy }), 'print').ok).toBe(true);
    expect(decideTicketAction(ticket('posted', { lockedBy }), 'returnGoods').ok).toBe(true);
    expect(offeredActions(ticket('completed', { lockedBy }))).not.toContain('deduct');
    expect(offeredActions(ticket('completed'))).toContain('deduct');
  });

  it('keeps the list from offering what the lock refuses', () => {
    const table = rowActionsTable();
    expect(table['locked:completed:00010010']).toMatchObject({ deductTicket: false, splitTicket: false, merge: false, obsolete: false, audit: true });
    expect(table['locked:posted:00010010']).toMatchObject({ reversedown: false, printTicket: true });
    expect(table['completed:00010010']).toMatchObject({ deductTicket: true, obsolete: true });
  });
});
