import type Decimal from 'decimal.js';
import type { ConfirmableFinding } from '@wb/protocol';
import type { Finding } from './checks';
import { otherSide } from './kinds';
import { computeNet, type Deduction, type DeductionKind } from './net';
import { weighSide } from './one-side';
import { grossAndTare } from './reading-order';
import { refuse, type Refusal, type WeighContext, type WeighingRecord, type WeighingSource } from './snapshot';
import { decideTicketAction, type TicketFacts } from './transitions';
import { decideUnusual, type UnusualFinding } from './unusual';
import { showTons } from './units';

export interface SecondWeighingInput extends WeighContext {
  ticket: TicketFacts & { first: WeighingRecord; deductions: Deduction[] };
  source: WeighingSource;
  /**
   * The notice line's quantity still open to this ticket (max limit - done - in transit, plus this
   * ticket's own reservation); null when the line has no quantity control or there is no line.
   */
  lineRemaining: Decimal | null;
  /** what the operator confirmed with this call (unusual.ts) */
  confirmed?: readonly ConfirmableFinding[];
}

export interface SecondWeighingPlan {
  ok: true;
  state: 'completed';
  second: WeighingRecord;
  gross: Decimal;
  tare: Decimal;
  /** the tare came out heavier than the gross and the two were swapped */
  swapped: boolean;
  deductions: { kind: DeductionKind; weight: Decimal }[];
  deducted: Decimal;
  net: Decimal;
  /** a tare weighed on the scale this trip: the vehicle's stored tares take it in */
  weighedTare: Decimal | null;
  warnings: Finding[];
  /** the unusual findings the operator confirmed (unusual.ts): the ticket and the weigh log keep them */
  confirmed: UnusualFinding[];
}

export type SecondWeighingDecision = SecondWeighingPlan | Refusal;

/**
 * The second weighing completes the ticket: the lifecycle must allow it (site confirmation first
 * when the material asks for it; never a ticket completed twice), the reading passes the checks,
 * gross and tare swap when the truck went the other way (a reversed order is refused unless the
 * plant allows it and the operator confirmed it: unusual.ts), net is computed with the deductions and
 * must not be negative nor outside the material's and the vehicle's figures, and it must fit in
 * what the notice line has left.
 */
export function decideSecondWeighing(input: SecondWeighingInput): SecondWeighingDecision {
  const allowed = decideTicketAction(input.ticket, 'secondWeigh');
  if (!allowed.ok) return refuse(allowed.message);
  const { first } = input.ticket;
  const side = weighSide(input, otherSide(first.side), input.source);
  if (!side.ok) return side;
  const second = side.record;
  const { gross, tare, swapped } = grossAndTare(first, second);
  if (swapped && (first.source !== 'scale' || second.source !== 'scale')) {
    return refuse(`车辆 ${input.vehicle.plate} 毛重 ${showTons(tare)} 小于存储皮重 ${showTons(gross)}，请回皮`);
  }
  const net = computeNet(gross, tare, input.ticket.deductions, input.material.hiddenDeduct, input.params);
  if (!net.ok) return refuse(net.message);
  // a reversed order, a net the material or the vehicle says cannot be: refused, or confirmed where the plant allows
  const unusual = decideUnusual({
    plate: input.vehicle.plate, first, second, swapped, gross: net.gross, tare: net.tare, net: net.net, ratedLoad: input.vehicle.capacityTonnage,
    minNet: input.material.minNet, params: input.params, confirmed: input.confirmed ?? [],
  });
  if (!unusual.ok) return { ok: false, messages: unusual.messages, confirm: unusual.confirm };
  if (input.lineRemaining !== null && net.net.gt(input.lineRemaining)) {
    return refuse(`超过通知单可用量：本车净重 ${showTons(net.net)}，通知单剩余 ${showTons(input.lineRemaining)}`);
  }
  return {
    ok: true, state: 'completed', second, gross: net.gross, tare: net.tare, swapped, deductions: net.deductions, deducted: net.deducted,
    net: net.net, weighedTare: tareWeighedOnScale(first, second, swapped), warnings: side.warnings, confirmed: unusual.confirmed,
  };
}

/** The reading that turned out to be the tare, when it came from the scale. */
function tareWeighedOnScale(first: WeighingRecord, second: WeighingRecord, swapped: boolean): Decimal | null {
  const tareRecord = (first.side === 'tare') !== swapped ? first : second;
  return tareRecord.source === 'scale' ? tareRecord.weight : null;
}
