import {
  type Identification,
  type LaneCommand,
  type LaneEvent,
  type LaneSettings,
  type LaneState,
  type LaneStep,
  type Refusal,
  type Truck,
} from './types.js';

// The unattended lane (无人值守), one truck at a time: a card or plate names the truck; the entry
// (rear) barrier lets it on; the beams show it wholly on; the reading settles; the weighing call is
// made; the prompts run and the exit (front) barrier opens. A refusal goes to the remote operator;
// a forbidden truck reverses off through the rear barrier. Pure: events in, state and commands out.

export interface LaneOutput {
  state: LaneState;
  commands: LaneCommand[];
}

export function laneStep(state: LaneState, event: LaneEvent, settings: LaneSettings): LaneOutput {
  const observed = observe(state, event);
  const out = decide(observed, event, settings);
  return { state: { ...observed, step: out.step }, commands: out.commands };
}

interface Decision {
  step: LaneStep;
  commands: LaneCommand[];
}

function observe(state: LaneState, event: LaneEvent): LaneState {
  if (event.type === 'sensors') return { ...state, beams: { front: event.front, rear: event.rear } };
  if (event.type === 'reading') return { ...state, reading: event.reading };
  return state;
}

function decide(s: LaneState, e: LaneEvent, cfg: LaneSettings): Decision {
  const step = s.step;
  switch (step.phase) {
    case 'idle':
      return idle(s, e, cfg);
    case 'identifying':
      return identifying(step, e, cfg);
    case 'awaitingTruck':
      return awaitingTruck(s, step, e, cfg);
    case 'positioning':
      return positioning(s, step, e, cfg);
    case 'settling':
      return settling(s, step, e, cfg);
    case 'weighing':
      return weighing(s, step, e, cfg);
    case 'awaitingOperator':
      return awaitingOperator(s, step, e, cfg);
    case 'leaving':
      return leaving(s, step, e, cfg);
    case 'reversing':
      return reversing(s, step, cfg);
  }
}

const stay = (step: LaneStep): Decision => ({ step, commands: [] });

function identification(e: LaneEvent): Identification | null {
  if (e.type === 'card') return { by: 'card', value: e.cardNo };
  if (e.type === 'plate') return { by: 'plate', value: e.plate };
  return null;
}

/** The platform is empty: under the minimum weight and no beam blocked. */
function empty(s: LaneState, cfg: LaneSettings): boolean {
  return (s.reading === null || s.reading.weight < cfg.minWeight) && !s.beams.front && !s.beams.rear;
}

/** Wholly on: a weight, and neither end's beam blocked. */
function inPosition(s: LaneState, cfg: LaneSettings): boolean {
  return s.reading !== null && s.reading.weight >= cfg.minWeight && !s.beams.front && !s.beams.rear;
}

function prompt(lines: string[], text: string): LaneCommand[] {
  return [
    { type: 'led', lines },
    { type: 'say', text },
  ];
}

/**
 * Two trucks at once: the lane serves one truck from its card to its leaving. A card or plate read
 * while the platform is not empty (or while a truck is being served) names no one: the lane says to
 * wait, and the driver presents the card again when the platform is free.
 */
function idle(s: LaneState, e: LaneEvent, cfg: LaneSettings): Decision {
  const id = identification(e);
  if (!id) return stay(s.step);
  if (!empty(s, cfg)) return { step: s.step, commands: prompt(['磅上有车', '请等待'], '磅上有车，请等待') };
  return { step: { phase: 'identifying', id }, commands: [{ type: 'lookup', id }] };
}

function letOn(truck: Truck, at: number, cfg: LaneSettings): Decision {
  return {
    step: { phase: 'awaitingTruck', truck, deadline: at + cfg.arrivalTimeoutMs },
    commands: [
      { type: 'barrier', end: 'rear', open: true },
      { type: 'light', end: 'rear', color: 'green' },
      ...prompt([truck.plate, '请上磅'], `${truck.plate}，请上磅`),
    ],
  };
}

function identifying(step: Extract<LaneStep, { phase: 'identifying' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (e.type !== 'lookupResult') return stay(step);
  if (e.ok) return letOn(e.truck, e.at, cfg);
  return refuse(null, step.id, e.refusal, null, false);
}

function closeEntry(): LaneCommand[] {
  return [
    { type: 'barrier', end: 'rear', open: false },
    { type: 'light', end: 'rear', color: 'red' },
  ];
}

function awaitingTruck(s: LaneState, step: Extract<LaneStep, { phase: 'awaitingTruck' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (s.reading !== null && s.reading.weight >= cfg.minWeight) {
    return positioning(s, { phase: 'positioning', truck: step.truck, deadline: e.at + cfg.positionTimeoutMs }, e, cfg);
  }
  if (e.type === 'tick' && e.at >= step.deadline) {
    return { step: { phase: 'idle' }, commands: [...closeEntry(), ...prompt(['等待超时', '请重新刷卡'], '等待超时，请重新刷卡')] };
  }
  return stay(step);
}

function positioning(s: LaneState, step: Extract<LaneStep, { phase: 'positioning' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (inPosition(s, cfg)) {
    const settlingStep: LaneStep = { phase: 'settling', truck: step.truck, deadline: e.at + cfg.stableTimeoutMs };
    const next = settling(s, settlingStep, e, cfg);
    return { step: next.step, commands: [...closeEntry(), ...prompt([step.truck.plate, '请停稳熄火'], '请停稳熄火'), ...next.commands] };
  }
  if (s.reading === null || s.reading.weight < cfg.minWeight) {
    // it backed off before it was wholly on: wait for it again
    if (!s.beams.front && !s.beams.rear) return stay({ phase: 'awaitingTruck', truck: step.truck, deadline: e.at + cfg.arrivalTimeoutMs });
  }
  if (e.type === 'tick' && e.at >= step.deadline) {
    return refuse(step.truck, null, { reason: 'not-in-position', message: '车辆未完全上磅' }, s.reading?.weight ?? null, true);
  }
  return stay(step);
}

function settling(s: LaneState, step: Extract<LaneStep, { phase: 'settling' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (!inPosition(s, cfg)) return stay({ phase: 'positioning', truck: step.truck, deadline: e.at + cfg.positionTimeoutMs });
  const r = s.reading!;
  if (r.overRange) return refuse(step.truck, null, { reason: 'out-of-range', message: '重量超出量程' }, r.weight, true);
  if (r.stable) {
    return {
      step: { phase: 'weighing', truck: step.truck },
      commands: [
        { type: 'weigh', truck: step.truck, weight: r.weight, unit: r.unit, approvedByOperator: false },
        { type: 'led', lines: [step.truck.plate, '称重中'] },
      ],
    };
  }
  if (e.type === 'tick' && e.at >= step.deadline) {
    return refuse(step.truck, null, { reason: 'unstable', message: '读数不稳定' }, r.weight, true);
  }
  return stay(step);
}

function weighing(s: LaneState, step: Extract<LaneStep, { phase: 'weighing' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (e.type !== 'weighResult') return stay(step);
  if (!e.ok) return refuse(step.truck, null, e.refusal, s.reading?.weight ?? null, true);
  return {
    step: { phase: 'leaving', truck: step.truck, ticketNo: e.ticketNo, deadline: e.at + cfg.leaveTimeoutMs, alarmed: false },
    commands: [
      { type: 'snapshot', ticketNo: e.ticketNo },
      { type: 'print', ticketNo: e.ticketNo },
      ...prompt(e.led, e.voice),
      { type: 'barrier', end: 'front', open: true },
      { type: 'light', end: 'front', color: 'green' },
    ],
  };
}

/** Every refusal waits for the remote operator; the lane says why. */
function refuse(truck: Truck | null, id: Identification | null, refusal: Refusal, weight: number | null, onScale: boolean): Decision {
  const who = truck?.plate ?? id?.value ?? '';
  return {
    step: { phase: 'awaitingOperator', truck, id, refusal, onScale },
    commands: [
      { type: 'intervention', refusal, truck, id, weight },
      ...prompt([who, refusal.message, '等待人工处理'], `${refusal.message}，等待人工处理`),
    ],
  };
}

function awaitingOperator(s: LaneState, step: Extract<LaneStep, { phase: 'awaitingOperator' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (e.type !== 'operator') return stay(step);
  if (e.decision === 'approve') {
    if (!step.onScale) {
      const truck: Truck = { plate: step.id?.by === 'plate' ? step.id.value : '', card: step.id?.by === 'card' ? step.id.value : undefined, registryId: null };
      return letOn(truck, e.at, cfg);
    }
    const truck = step.truck!;
    const r = s.reading;
    return {
      step: { phase: 'weighing', truck },
      commands: [
        { type: 'weigh', truck, weight: r?.weight ?? 0, unit: r?.unit ?? 'kg', approvedByOperator: true },
        { type: 'led', lines: [truck.plate, '称重中'] },
      ],
    };
  }
  if (!step.onScale) return { step: { phase: 'idle' }, commands: prompt([step.id?.value ?? '', '禁止上磅'], '禁止上磅') };
  return {
    step: { phase: 'reversing', truck: step.truck },
    commands: [
      { type: 'barrier', end: 'rear', open: true },
      ...prompt([step.truck?.plate ?? '', '请倒车下磅'], '请倒车下磅'),
    ],
  };
}

function leaving(s: LaneState, step: Extract<LaneStep, { phase: 'leaving' }>, e: LaneEvent, cfg: LaneSettings): Decision {
  if (empty(s, cfg)) {
    return {
      step: { phase: 'idle' },
      commands: [
        { type: 'barrier', end: 'front', open: false },
        { type: 'light', end: 'front', color: 'red' },
        { type: 'led', lines: ['欢迎过磅', '请刷卡'] },
      ],
    };
  }
  if (e.type === 'tick' && e.at >= step.deadline && !step.alarmed) {
    return {
      step: { ...step, alarmed: true },
      commands: [{ type: 'alarm', message: `${step.truck.plate} 称重后未下磅` }, ...prompt([step.truck.plate, '请尽快下磅'], '请尽快下磅')],
    };
  }
  return stay(step);
}

function reversing(s: LaneState, step: Extract<LaneStep, { phase: 'reversing' }>, cfg: LaneSettings): Decision {
  if (empty(s, cfg)) {
    return { step: { phase: 'idle' }, commands: [...closeEntry(), { type: 'led', lines: ['欢迎过磅', '请刷卡'] }] };
  }
  return stay(step);
}
