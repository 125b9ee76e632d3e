import type { LaneEnd, LightColor } from '../devices/types.js';

/** The truck a card or a plate named, as the server's registry knows it. */
export interface Truck {
  plate: string;
  card?: string;
  /** the registry (登记) the weighing will be made against; null when the operator let an unknown truck on */
  registryId: string | null;
}

export type Identification = { by: 'card' | 'plate'; value: string };

export type RefusalReason = 'unstable' | 'not-in-position' | 'out-of-range' | 'tare-deviation' | 'no-registry' | 'business';

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

export interface LaneReading {
  /** in the indicator's unit */
  weight: number;
  unit: 'kg' | 't';
  stable: boolean;
  overRange: boolean;
}

export interface LaneSettings {
  /** no truck on the platform within this of its card: the lane gives up (issue 13: 60 s) */
  arrivalTimeoutMs: number;
  /** the truck must be wholly on (both beams clear) within this of driving on */
  positionTimeoutMs: number;
  /** the reading must settle within this once the truck is in position */
  stableTimeoutMs: number;
  /** after its weighing the truck must be off within this, else the lane alarms */
  leaveTimeoutMs: number;
  /** a weight at least this means a truck on the platform; below it the platform is empty */
  minWeight: number;
}

export const DEFAULT_LANE: LaneSettings = {
  arrivalTimeoutMs: 60_000,
  positionTimeoutMs: 30_000,
  stableTimeoutMs: 30_000,
  leaveTimeoutMs: 120_000,
  minWeight: 500,
};

export type LaneEvent = { at: number } & (
  | { type: 'card'; cardNo: string }
  | { type: 'plate'; plate: string }
  | { type: 'lookupResult'; ok: true; truck: Truck }
  | { type: 'lookupResult'; ok: false; refusal: Refusal }
  | { type: 'sensors'; front: boolean; rear: boolean }
  | { type: 'reading'; reading: LaneReading }
  | { type: 'weighResult'; ok: true; ticketNo: string; kind: 'first' | 'second'; led: string[]; voice: string }
  | { type: 'weighResult'; ok: false; refusal: Refusal }
  | { type: 'operator'; decision: 'approve' | 'forbid' }
  | { type: 'tick' }
);

/** What the lane asks of its devices and of the server. The runner carries them out in order. */
export type LaneCommand =
  | { type: 'lookup'; id: Identification }
  | { type: 'barrier'; end: LaneEnd; open: boolean }
  | { type: 'light'; end: LaneEnd; color: LightColor }
  | { type: 'led'; lines: string[] }
  | { type: 'say'; text: string }
  | { type: 'weigh'; truck: Truck; weight: number; unit: 'kg' | 't'; approvedByOperator: boolean }
  | { type: 'snapshot'; ticketNo: string }
  | { type: 'print'; ticketNo: string }
  | { type: 'intervention'; refusal: Refusal; truck: Truck | null; id: Identification | null; weight: number | null }
  | { type: 'alarm'; message: string };

export type LaneStep =
  | { phase: 'idle' }
  | { phase: 'identifying'; id: Identification }
  | { phase: 'awaitingTruck'; truck: Truck; deadline: number }
  | { phase: 'positioning'; truck: Truck; deadline: number }
  | { phase: 'settling'; truck: Truck; deadline: number }
  | { phase: 'weighing'; truck: Truck }
  | { phase: 'awaitingOperator'; truck: Truck | null; id: Identification | null; refusal: Refusal; onScale: boolean }
  | { phase: 'leaving'; truck: Truck; ticketNo: string; deadline: number; alarmed: boolean }
  | { phase: 'reversing'; truck: Truck | null };

export interface LaneState {
  step: LaneStep;
  /** infrared beams: true while blocked. The truck drives on over the rear end and off over the front. */
  beams: { front: boolean; rear: boolean };
  reading: LaneReading | null;
}

export const INITIAL_LANE: LaneState = { step: { phase: 'idle' }, beams: { front: false, rear: false }, reading: null };

/** An event before the runner stamps its time. */
export type LaneEventBody = LaneEvent extends infer T ? (T extends LaneEvent ? Omit<T, 'at'> : never) : never;
