import type Decimal from 'decimal.js';
import type { ConfirmableFinding, WeighParams } from '@wb/protocol';
import { SIDE_WORDS, otherSide, type Side } from './kinds';
import { showTons } from './units';

/**
 * A second weighing the plant would not expect, which no weight may pass quietly (a trade scale's
 * wrong figure costs money): the second reading reverses the order the ticket's kind weighs in
 * (purchase gross first, sales tare first: reading-order.ts firstSide), the net is below the
 * material's minimum, or the load (gross - tare) is above the vehicle's rated load, where those
 * are set. Each is refused with a message naming its figures; a plant whose parameter says
 * `confirm` lets it through once the operator confirmed that very finding, and the ticket and the
 * weigh log keep what was confirmed.
 */
export interface UnusualInput {
  plate: string;
  /** the two readings as taken, the first on the side its kind weighs first */
  first: { side: Side; weight: Decimal };
  second: { weight: Decimal };
  /** the reading taken as tare came out heavier than the gross (reading-order.ts grossAndTare) */
  swapped: boolean;
  /** after the swap */
  gross: Decimal;
  tare: Decimal;
  net: Decimal;
  /** the vehicle's rated load (md_vehicle.capacity_tonnage, 核定载质量), tons */
  ratedLoad: Decimal | null;
  /** the material's minimum net (md_material.min_net), tons */
  minNet: Decimal | null;
  params: Pick<WeighParams, 'reversedOrder' | 'netOutOfRange'>;
  /** what the operator confirmed with this call */
  confirmed: readonly ConfirmableFinding[];
}

export interface UnusualFinding { finding: ConfirmableFinding; message: string }

export type UnusualVerdict =
  /** nothing unusual, or all of it confirmed where the plant allows: `confirmed` is what the ticket keeps */
  | { ok: true; confirmed: UnusualFinding[] }
  /** refused; `confirm` names what a confirmation would let through, empty when the plant's parameters forbid any of it */
  | { ok: false; messages: string[]; confirm: ConfirmableFinding[] };

export function unusualFindings(i: Omit<UnusualInput, 'params' | 'confirmed'>): UnusualFinding[] {
  const found: UnusualFinding[] = [];
  if (i.swapped) {
    const expected = i.first.side;
    const heavier = i.second.weight.gt(i.first.weight);
    found.push({
      finding: 'reversedOrder',
      message: `车辆 ${i.plate} 毛皮重顺序颠倒：应先称${SIDE_WORDS[expected]}后称${SIDE_WORDS[otherSide(expected)]}，一次过磅 ${showTons(i.first.weight)}，二次过磅 ${showTons(i.second.weight)}${heavier ? '反而更重' : '反而更轻'}`,
    });
  }
  const load = i.gross.minus(i.tare);
  if (i.ratedLoad !== null && load.gt(i.ratedLoad)) {
    found.push({ finding: 'netOutOfRange', message: `车辆 ${i.plate} 载重 ${showTons(load)}（毛重 ${showTons(i.gross)} - 皮重 ${showTons(i.tare)}）超过核定载质量 ${showTons(i.ratedLoad)}` });
  }
  if (i.minNet !== null && i.net.lt(i.minNet)) {
    found.push({ finding: 'netOutOfRange', message: `车辆 ${i.plate} 净重 ${showTons(i.net)} 低于物料最小净重 ${showTons(i.minNet)}` });
  }
  return found;
}

export function decideUnusual(i: UnusualInput): UnusualVerdict {
  const found = unusualFindings(i);
  if (found.length === 0) return { ok: true, confirmed: [] };
  const forbidden = found.filter((f) => i.params[f.finding] === 'forbid');
  if (forbidden.length > 0) return { ok: false, messages: found.map((f) => (i.params[f.finding] === 'forbid' ? `${f.message}，不能过磅` : f.message)), confirm: [] };
  const unconfirmed = found.filter((f) => !i.confirmed.includes(f.finding));
  if (unconfirmed.length > 0) {
    return { ok: false, messages: found.map((f) => `${f.message}，请核实后确认过磅`), confirm: [...new Set(found.map((f) => f.finding))] };
  }
  return { ok: true, confirmed: found };
}
