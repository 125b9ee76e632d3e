import type Decimal from 'decimal.js';
import type { ConfirmableFinding, WeighParams } from '@wb/protocol';
import type { Finding, PreviousReading } from './checks';
import type { Direction, Pnmary, Side, TicketKind } from './kinds';
import type { StoredTareKind, VehicleTares } from './stored-tare';

/** What the weighing decisions read, gathered by the caller in the weighing's transaction. */
export interface VehicleFacts extends VehicleTares {
  capacityTonnage: Decimal | null;
  axles: number | null;
}

export interface MaterialFacts {
  overload: boolean;
  pnmary: Pnmary;
  sceneConfirm: boolean;
  /** tons off every trip's net (md_material.hidden_deduct) */
  hiddenDeduct: Decimal;
  /** the least net a trip of it can weigh, tons (md_material.min_net); null: not set */
  minNet: Decimal | null;
}

/** A reading from the scale, in tons, or the vehicle's stored tare standing for the tare. */
export type WeighingSource = { kind: 'scale'; weight: Decimal; stable: boolean } | { kind: 'stored'; wanted?: StoredTareKind };

export interface ReadingHistory {
  /** the vehicle's latest weighing on any ticket (sameTicket: the one this reading completes) */
  previousReading: PreviousReading | null;
  /** readings at the organisation's scales within the same-weight window */
  recentReadings: { plate: string; weight: Decimal; at: Date }[];
}

/** One side as a decision records it. */
export interface WeighingRecord {
  side: Side;
  weight: Decimal;
  source: 'scale' | StoredTareKind;
  stable: boolean;
  at: Date;
}

/** A refusal; `confirm`: what the operator may confirm to be let through (unusual.ts), when the plant allows it. */
export type Refusal = { ok: false; messages: string[]; confirm?: ConfirmableFinding[] };

export const refuse = (...messages: string[]): Refusal => ({ ok: false, messages });
export const refuseFindings = (findings: Finding[]): Refusal => refuse(...findings.map((f) => f.message));

export interface WeighContext {
  kind: TicketKind;
  direction: Direction | null;
  vehicle: VehicleFacts;
  material: MaterialFacts;
  params: WeighParams;
  history: ReadingHistory;
  at: Date;
}
