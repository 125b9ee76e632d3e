import { describe, expect, it } from 'vitest';
import { decideSupplement } from './card-rules';
import { decideLetin, decideLetout, letoutGiveBack, type LetinFacts } from './gate-rules';
import { decideNoticeForHold, holdMoveOf, reservedAfter } from './hold-rules';
import { auditStampOf, decideDocAction, decideTripAction, registryDocTransitions, type RegistryState, tripTransitions } from './lifecycle';
import { cardDetail, holdDetail, letoutDetail, registryNote } from './log-notes';
import { decideMerge, mergedFigures, mergeTicketsRefusal } from './merge-rules';
import { decidePoint } from './queue-rules';

const reg = (over: Partial<RegistryState> = {}): RegistryState => ({ code: 'YKDJ1', status: 'AUDITED', trip: 'PLANNED', enabled: true, auditedBefore: true, ...over });
const now = new Date('2026-11-21T08:00:00Z');
const facts = (over: Partial<LetinFacts> = {}, r: Partial<LetinFacts['registry']> = {}): LetinFacts => ({
  registry: { ...reg(), plate: '浙E12345', validFrom: null, validTo: null, ...r },
  notice: { code: 'TZ1', status: 'AUDITED', start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') },
  card: null, blacklist: [], inPlantOn: null, now, ...over,
});

describe('the registry document table', () => {
  it('reserves on audit and recover, releases on unaudit and obsolete, and only while the truck is not in', () => {
    expect(decideDocAction(reg({ status: 'FREE', auditedBefore: false }), 'audit')).toEqual({ ok: true, status: 'AUDITED', enabled: true, hold: 'reserve' });
    expect(decideDocAction(reg(), 'obsolete')).toEqual({ ok: true, status: 'OBSOLETE', enabled: true, hold: 'release' });
    expect(decideDocAction(reg(), 'unaudit')).toMatchObject({ ok: true, status: 'FREE', hold: 'release' });
    expect(decideDocAction(reg({ trip: 'ENTERED' }), 'obsolete')).toEqual({ ok: false, message: '登记单 YKDJ1 车辆已入厂，不能作废' });
  });

  it('recovers to the status it had: an audited one audited again with its hold, a draft a draft', () => {
    expect(decideDocAction(reg({ status: 'OBSOLETE' }), 'recover')).toMatchObject({ ok: true, status: 'AUDITED', hold: 'reserve' });
    expect(decideDocAction(reg({ status: 'OBSOLETE', auditedBefore: false }), 'recover')).toMatchObject({ ok: true, status: 'FREE', hold: null });
    expect(decideDocAction(reg(), 'recover')).toEqual({ ok: false, message: '登记单 YKDJ1 未作废，不能恢复' });
  });

  it('says the way out of a refusal', () => {
    expect(decideDocAction(reg(), 'audit')).toEqual({ ok: false, message: '登记单 YKDJ1 已审核，不能重复审核' });
    expect(decideDocAction(reg(), 'update')).toEqual({ ok: false, message: '登记单 YKDJ1 已审核，不能修改，请先反审核' });
    expect(decideDocAction(reg({ enabled: false }), 'disable')).toEqual({ ok: false, message: '登记单 YKDJ1 已停用，不能重复停用' });
  });

  it('declares every action of both tables', () => {
    expect(Object.keys(registryDocTransitions).sort()).toEqual(['audit', 'delete', 'disable', 'enable', 'merge', 'obsolete', 'recover', 'unaudit', 'update']);
    expect(tripTransitions.PLANNED).toEqual({ letin: 'ENTERED' });
    expect(decideTripAction({ code: 'X', trip: 'WEIGHING' }, 'letout')).toEqual({ ok: true, trip: 'RELEASED' });
    expect(decideTripAction({ code: 'X', trip: 'PLANNED' }, 'letout')).toEqual({ ok: false, message: '登记单 X 车辆未入厂，不能出厂' });
  });
});

describe('gate-in', () => {
  it('lets an audited, enabled registry of an audited notice in within its dates', () => {
    expect(decideLetin(facts())).toEqual({ ok: true });
  });

  it('checks in the gate keeper\'s order', () => {
    expect(decideLetin(facts({}, { status: 'FREE' }))).toEqual({ ok: false, message: '登记单 YKDJ1 未审核，不能入厂' });
    expect(decideLetin(facts({}, { status: 'OBSOLETE' }))).toEqual({ ok: false, message: '登记单 YKDJ1 已作废，不能入厂' });
    expect(decideLetin(facts({}, { enabled: false }))).toEqual({ ok: false, message: '登记单 YKDJ1 已停用，不能入厂' });
    expect(decideLetin(facts({ notice: { code: 'TZ1', status: 'CLOSED', start: now, end: now } }))).toEqual({ ok: false, message: '通知单 TZ1 已关闭，不能入厂' });
    expect(decideLetin(facts({ notice: { code: 'TZ1', status: 'AUDITED', start: new Date('2026-11-22T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') } })))
      .toEqual({ ok: false, message: '通知单 TZ1 未到开始时间 2026-11-22 00:00，不能入厂' });
    expect(decideLetin(facts({}, { validTo: new Date('2026-11-20T00:00:00Z') }))).toEqual({ ok: false, message: '登记单 YKDJ1 已过有效期 2026-11-20 00:00，不能入厂' });
    expect(decideLetin(facts({ blacklist: [{ plateNumber: '浙E12345', idNumber: null, reason: '超载' }] }))).toEqual({ ok: false, message: '车辆 浙E12345 在黑名单中（超载），不能入厂' });
    expect(decideLetin(facts({ inPlantOn: 'YKDJ0' }))).toEqual({ ok: false, message: '车辆 浙E12345 已在厂内（登记单 YKDJ0），不能重复入厂' });
    expect(decideLetin(facts({ card: { cardNo: 'K1', state: 'LOST', enabled: true } }))).toEqual({ ok: false, message: 'IC卡 K1 已挂失，不能使用' });
  });

  it('lets a registry without a notice (other weighings) in on its own checks', () => {
    expect(decideLetin(facts({ notice: null }))).toEqual({ ok: true });
  });
});

describe('gate-out', () => {
  const entered = { code: 'YKDJ1', trip: 'WEIGHING' as const };
  it('needs a finished ticket, or one closed by confirmation whose hold goes back', () => {
    expect(decideLetout(entered, null)).toEqual({ ok: false, message: '登记单 YKDJ1 没有过磅记录，不能出厂' });
    expect(decideLetout(entered, { code: 'BD1', state: 'CONFIRMED', closeKind: null })).toEqual({ ok: false, message: '登记单 YKDJ1 的磅单 BD1 未完成过磅，不能出厂' });
    for (const state of ['COMPLETED', 'AUDITED', 'POSTED'] as const) {
      expect(decideLetout(entered, { code: 'BD1', state, closeKind: null })).toEqual({ ok: true, releaseKind: 'NORMAL', giveBackHold: false });
    }
    expect(decideLetout(entered, { code: 'BD1', state: 'CLOSED', closeKind: 'SINGLE_WEIGH' })).toEqual({ ok: true, releaseKind: 'SINGLE_WEIGH', giveBackHold: true });
  });
});

describe('cards, holds and merges', () => {
  const card = { cardNo: 'K1', state: 'NORMAL' as const, enabled: true, kind: 'FIXED' as const, vehicleId: '7', vehiclePlate: '浙E12345' };
  const registry = { code: 'YKDJ1', status: 'AUDITED' as const, trip: 'PLANNED' as const, vehicleId: '7' };
  it('binds a usable card to an open trip of its own truck only', () => {
    expect(decideSupplement({ registry, card, boundTo: null })).toEqual({ ok: true });
    expect(decideSupplement({ registry: { ...registry, vehicleId: '8' }, card, boundTo: null })).toEqual({ ok: false, message: 'IC卡 K1 是车辆 浙E12345 的固定卡，不能绑定到其他车辆' });
    expect(decideSupplement({ registry, card, boundTo: 'YKDJ0' })).toMatchObject({ ok: false });
    expect(decideSupplement({ registry: { ...registry, trip: 'RELEASED' }, card, boundTo: null })).toEqual({ ok: false, message: '登记单 YKDJ1 车辆已出厂，不能补卡' });
  });

  it('holds only on an audited notice within its period', () => {
    const notice = { code: 'TZ1', status: 'AUDITED' as const, start: new Date('2026-11-01'), end: new Date('2026-12-01') };
    expect(decideNoticeForHold('R1', notice, now)).toBeNull();
    expect(decideNoticeForHold('R1', { ...notice, status: 'OBSOLETE' }, now)).toBe('登记单 R1：通知单 TZ1 已作废，不能占用数量');
    expect(decideNoticeForHold('R1', notice, new Date('2026-12-02'))).toBe('登记单 R1：通知单 TZ1 不在有效期内，不能占用数量');
  });

  it('merges two planned registries of one truck on one line', () => {
    const side = { ...reg(), plate: '浙E12345', noticeLineId: '5' };
    expect(decideMerge(side, { ...side, code: 'YKDJ2' })).toEqual({ ok: true });
    expect(decideMerge(side, { ...side, code: 'YKDJ2', trip: 'ENTERED' })).toEqual({ ok: false, message: '登记单 YKDJ2 车辆已入厂，不能合并' });
    expect(decideMerge(side, { ...side, code: 'YKDJ2', noticeLineId: '6' })).toMatchObject({ ok: false });
  });
});

describe('what a change moves, and what the log says of it', () => {
  it('gives back on gate-out only for a trip closed by confirmation, the larger of the two holds, once', () => {
    const held = { status: 'AUDITED' as const, reserved: '25.0000', noticeLineId: '5' };
    expect(letoutGiveBack(false, held, '0')).toEqual({ release: null, clearTicket: false });
    expect(letoutGiveBack(true, held, '0')).toEqual({ release: '25', clearTicket: false });
    expect(letoutGiveBack(true, { ...held, reserved: '0' }, '30')).toEqual({ release: '30', clearTicket: true });
    expect(letoutGiveBack(true, { ...held, status: 'FREE' }, '30')).toEqual({ release: null, clearTicket: true });
    expect(letoutGiveBack(true, { ...held, noticeLineId: null }, '30')).toEqual({ release: null, clearTicket: false });
  });

  it('reserves the pre-load on a line and gives back only what an audited registry holds', () => {
    const row = { status: 'FREE' as const, noticeId: '1', noticeLineId: '5', preQuantity: '30', reserved: '0' };
    expect(holdMoveOf(row, 'reserve')).toEqual({ kind: 'reserve', quantity: '30' });
    expect(holdMoveOf({ ...row, noticeLineId: null }, 'reserve')).toBeNull();
    expect(holdMoveOf(row, 'release')).toBeNull();
    expect(holdMoveOf({ ...row, status: 'AUDITED', reserved: '30' }, 'release')).toEqual({ kind: 'release', quantity: '30' });
    expect(reservedAfter('30', { kind: 'release', quantity: '30' })).toBe('0');
    expect(reservedAfter('7', null)).toBe('7');
    expect(auditStampOf('audit')).toBe('stamp');
    expect(auditStampOf('unaudit')).toBe('clear');
    expect(auditStampOf('obsolete')).toBe('keep');
  });

  it('adds the pre-loads and holds of a merge, keeping the first card, and refuses a weighed one', () => {
    expect(mergedFigures({ preQuantity: '20', reserved: '20', cardId: null }, { preQuantity: '15.5', reserved: '15.5', cardId: '9' }))
      .toEqual({ pre: '35.5', reserved: '35.5', cardId: '9' });
    expect(mergedFigures({ preQuantity: null, reserved: '0', cardId: '3' }, { preQuantity: '1', reserved: '0', cardId: '9' }).cardId).toBe('3');
    expect(mergeTicketsRefusal('YKDJ2', 1)).toBe('登记单 YKDJ2 已有磅单，不能合并');
    expect(mergeTicketsRefusal('YKDJ2', 0)).toBeNull();
  });

  it('sends trucks only to a discharge point that exists and is switched on', () => {
    expect(decidePoint(null)).toBe('卸货地点不存在');
    expect(decidePoint({ title: '1号库', enabled: false })).toBe('卸货地点 1号库 已停用');
    expect(decidePoint({ title: '1号库', enabled: true })).toBeNull();
  });

  it('says a card bound, replaced or bound again, and quantities without their scale', () => {
    expect(cardDetail(null, 'K1')).toBe('绑定卡号 K1');
    expect(cardDetail('K1', 'K2')).toBe('补卡 K1 -> K2');
    expect(cardDetail('K1', 'K1')).toBe('卡号 K1 未变');
    expect(holdDetail({ kind: 'reserve', quantity: '12.5000' })).toBe('占用预装数 12.5');
    expect(letoutDetail('SINGLE_WEIGH', null)).toBe('出厂（车辆重出）');
    expect(registryNote('sa', 'letin', 'XSDJ1', '入厂')).toEqual({ action: 'letin', family: '销售登记单', docNo: 'XSDJ1', detail: '入厂' });
  });
});
