import { describe, expect, it } from 'vitest';
import { laneStep } from './machine.js';
import { DEFAULT_LANE, INITIAL_LANE, type LaneCommand, type LaneEvent, type LaneReading, type LaneState, type Truck } from './types.js';

const truck: Truck = { plate: '苏A12345', card: 'C001', registryId: 'reg-1' };

type E = LaneEvent extends infer T ? (T extends LaneEvent ? Omit<T, 'at'> : never) : never;

/** Feeds events one second apart from t0 (or at the time an event names) and gathers the commands. */
class Lane {
  state: LaneState = INITIAL_LANE;
  commands: LaneCommand[] = [];
  now = 0;
  feed(...events: (E & { at?: number })[]): LaneCommand[] {
    const out: LaneCommand[] = [];
    for (const e of events) {
      this.now = e.at ?? this.now + 1000;
      const r = laneStep(this.state, { ...e, at: this.now } as LaneEvent, DEFAULT_LANE);
      this.state = r.state;
      out.push(...r.commands);
    }
    this.commands.push(...out);
    return out;
  }
  get phase() {
    return this.state.step.phase;
  }
}

const reading = (weight: number, stable = false, overRange = false): E => ({ type: 'reading', reading: { weight, unit: 'kg', stable, overRange } satisfies LaneReading });
const beams = (rear: boolean, front: boolean): E => ({ type: 'sensors', rear, front });
const types = (cs: LaneCommand[]) => cs.map((c) => (c.type === 'barrier' ? `${c.end}-${c.open ? 'open' : 'close'}` : c.type));

/** Card, registry found, truck drives on over the rear end and stops wholly on. */
function onThePlatform(lane: Lane) {
  lane.feed({ type: 'card', cardNo: 'C001' }, { type: 'lookupResult', ok: true, truck }, beams(true, false), reading(12000), reading(31700), beams(false, false));
}

describe('the unattended lane', () => {
  it('weighs a truck from its card to its leaving: entry barrier, position, stable, weighing, prompts, exit barrier', () => {
    const lane = new Lane();
    expect(lane.feed({ type: 'card', cardNo: 'C001' })).toEqual([{ type: 'lookup', id: { by: 'card', value: 'C001' } }]);
    expect(types(lane.feed({ type: 'lookupResult', ok: true, truck }))).toEqual(['rear-open', 'light', 'led', 'say']);
    // driving on: the rear beam is blocked, the weight climbs: not yet in position
    expect(lane.feed(beams(true, false), reading(12000), reading(31700))).toEqual([]);
    expect(lane.phase).toBe('positioning');
    // wholly on: the entry closes; the weight still swings
    expect(types(lane.feed(beams(false, false)))).toEqual(['rear-close', 'light', 'led', 'say']);
    expect(lane.feed(reading(31740))).toEqual([]);
    const weigh = lane.feed(reading(31720, true));
    expect(weigh[0]).toEqual({ type: 'weigh', truck, weight: 31720, unit: 'kg', approvedByOperator: false });
    const accepted = lane.feed({ type: 'weighResult', ok: true, ticketNo: 'CG001', kind: 'first', led: ['苏A12345', '毛重 31720 kg'], voice: '称重完成，请下磅' });
    expect(types(accepted)).toEqual(['snapshot', 'print', 'led', 'say', 'front-open', 'light']);
    // leaving over the front end
    expect(lane.feed(beams(false, true), reading(15000))).toEqual([]);
    expect(types(lane.feed(reading(0), beams(false, false)))).toEqual(['front-close', 'light', 'led']);
    expect(lane.phase).toBe('idle');
  });

  it('gives up on a truck that does not come within 60 s of its card', () => {
    const lane = new Lane();
    lane.feed({ type: 'card', cardNo: 'C001', at: 0 }, { type: 'lookupResult', ok: true, truck, at: 100 });
    expect(lane.feed({ type: 'tick', at: 60_000 })).toEqual([]);
    expect(types(lane.feed({ type: 'tick', at: 60_100 }))).toEqual(['rear-close', 'light', 'led', 'say']);
    expect(lane.phase).toBe('idle');
  });

  it('refuses a truck not wholly on after the position timeout, and weighs it when the operator approves', () => {
    const lane = new Lane();
    lane.feed({ type: 'card', cardNo: 'C001' }, { type: 'lookupResult', ok: true, truck }, beams(true, false), reading(31700, true));
    const refused = lane.feed({ type: 'tick', at: lane.now + DEFAULT_LANE.positionTimeoutMs });
    expect(refused[0]).toMatchObject({ type: 'intervention', refusal: { reason: 'not-in-position' }, weight: 31700 });
    expect(refused.find((c) => c.type === 'say')).toEqual({ type: 'say', text: '车辆未完全上磅，等待人工处理' });
    expect(lane.feed({ type: 'operator', decision: 'approve' })[0]).toMatchObject({ type: 'weigh', weight: 31700, approvedByOperator: true });
  });

  it('refuses an unstable reading after the stable timeout', () => {
    const lane = new Lane();
    onThePlatform(lane);
    expect(lane.feed(reading(31800), { type: 'tick', at: lane.now + DEFAULT_LANE.stableTimeoutMs - 1 })).toEqual([]);
    expect(lane.feed({ type: 'tick', at: lane.now + 2 })[0]).toMatchObject({ type: 'intervention', refusal: { reason: 'unstable' } });
  });

  it('refuses a weight out of range', () => {
    const lane = new Lane();
    onThePlatform(lane);
    expect(lane.feed(reading(120000, false, true))[0]).toMatchObject({ type: 'intervention', refusal: { reason: 'out-of-range', message: '重量超出量程' } });
  });

  it('goes back to positioning when a beam is blocked again while settling', () => {
    const lane = new Lane();
    onThePlatform(lane);
    lane.feed(beams(false, true));
    expect(lane.phase).toBe('positioning');
    expect(lane.feed(reading(31720, true))).toEqual([]);
  });

  it('a tare deviation the server refuses waits for the operator; forbidden, the rear barrier opens and the lane says 请倒车下磅', () => {
    const lane = new Lane();
    onThePlatform(lane);
    lane.feed(reading(31720, true));
    const refused = lane.feed({ type: 'weighResult', ok: false, refusal: { reason: 'tare-deviation', message: '皮重偏差超出允许范围' } });
    expect(refused[0]).toEqual({ type: 'intervention', refusal: { reason: 'tare-deviation', message: '皮重偏差超出允许范围' }, truck, id: null, weight: 31720 });
    // no barrier moves before the operator answers
    expect(types(refused)).not.toContain('rear-open');
    const forbidden = lane.feed({ type: 'operator', decision: 'forbid' });
    expect(types(forbidden)).toEqual(['rear-open', 'led', 'say']);
    expect(forbidden.find((c) => c.type === 'say')).toEqual({ type: 'say', text: '请倒车下磅' });
    expect(lane.feed(beams(true, false), reading(8000))).toEqual([]);
    expect(types(lane.feed(reading(0), beams(false, false)))).toEqual(['rear-close', 'light', 'led']);
    expect(lane.phase).toBe('idle');
  });

  it('a truck the operator releases after a refusal is weighed again with the approval', () => {
    const lane = new Lane();
    onThePlatform(lane);
    lane.feed(reading(31720, true), { type: 'weighResult', ok: false, refusal: { reason: 'tare-deviation', message: '皮重偏差超出允许范围' } });
    expect(lane.feed({ type: 'operator', decision: 'approve' })[0]).toEqual({ type: 'weigh', truck, weight: 31720, unit: 'kg', approvedByOperator: true });
    expect(types(lane.feed({ type: 'weighResult', ok: true, ticketNo: 'X', kind: 'second', led: [], voice: '' }))).toContain('front-open');
  });

  it('a card with no registry waits for the operator; forbidden, no barrier opens', () => {
    const lane = new Lane();
    lane.feed({ type: 'plate', plate: '苏Z00000' });
    const refused = lane.feed({ type: 'lookupResult', ok: false, refusal: { reason: 'no-registry', message: '无有效登记' } });
    expect(refused[0]).toEqual({ type: 'intervention', refusal: { reason: 'no-registry', message: '无有效登记' }, truck: null, id: { by: 'plate', value: '苏Z00000' }, weight: null });
    const forbidden = lane.feed({ type: 'operator', decision: 'forbid' });
    expect(types(forbidden)).toEqual(['led', 'say']);
    expect(lane.phase).toBe('idle');
  });

  it('two trucks at once: a card while the platform is taken names no one and starts nothing', () => {
    const lane = new Lane();
    onThePlatform(lane);
    expect(lane.feed({ type: 'card', cardNo: 'C002' })).toEqual([]);
    expect(lane.state.step).toMatchObject({ phase: 'settling', truck });
    // a truck left on the platform while the lane is idle: the next card is told to wait
    const idleButTaken = new Lane();
    idleButTaken.feed(reading(20000));
    const said = idleButTaken.feed({ type: 'card', cardNo: 'C002' });
    expect(types(said)).toEqual(['led', 'say']);
    expect(idleButTaken.phase).toBe('idle');
  });

  it('alarms once when the truck does not leave after its weighing', () => {
    const lane = new Lane();
    onThePlatform(lane);
    lane.feed(reading(31720, true), { type: 'weighResult', ok: true, ticketNo: 'T', kind: 'first', led: [], voice: '' });
    const t = lane.now;
    expect(lane.feed({ type: 'tick', at: t + DEFAULT_LANE.leaveTimeoutMs - 1 })).toEqual([]);
    expect(types(lane.feed({ type: 'tick', at: t + DEFAULT_LANE.leaveTimeoutMs }))).toEqual(['alarm', 'led', 'say']);
    expect(lane.feed({ type: 'tick', at: t + DEFAULT_LANE.leaveTimeoutMs + 5000 })).toEqual([]);
  });
});
