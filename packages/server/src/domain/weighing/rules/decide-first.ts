import type { Finding } from './checks';
import { firstSide } from './reading-order';
import { weighSide } from './one-side';
import { refuse, type Refusal, type WeighContext, type WeighingRecord, type WeighingSource } from './snapshot';

export interface FirstWeighingInput extends WeighContext {
  source: WeighingSource;
  /** the vehicle's ticket still waiting for its second weighing, if any */
  openTicket: { code: string } | null;
}

export type FirstWeighingDecision = { ok: true; state: 'firstWeighed'; first: WeighingRecord; warnings: Finding[] } | Refusal;

/**
 * The first weighing of a trip: the side the kind weighs first (a production ticket asks its
 * material), checked. A truck with a ticket still open cannot start another: its next reading
 * belongs to that ticket.
 */
export function decideFirstWeighing(input: FirstWeighingInput): FirstWeighingDecision {
  if (input.openTicket) return refuse(`车辆 ${input.vehicle.plate} 有未完成的磅单 ${input.openTicket.code}，请先完成二次过磅或作废该磅单`);
  const side = firstSide(input.kind, input.direction, input.material.pnmary);
  const result = weighSide(input, side, input.source);
  if (!result.ok) return result;
  return { ok: true, state: 'firstWeighed', first: result.record, warnings: result.warnings };
}
