import Decimal from 'decimal.js';
import type { GaugeMethod } from '@wb/protocol';
import { lockHolder, type TicketLock } from '../rules/locks';
import type { PriceBasis } from '../../../platform/db/schema';

/**
 * Gauging (检尺), pure: a load measured in metres becomes a volume, and, where the plant turns the
 * volume of the material into tons, a tonnage by its bulk density. The trade measures either the
 * load itself (length x width x height of the heap, LOAD) or the truck's bed (its inner length x
 * width x height) less the gap from the top of the load to the bed's rim (BED).
 */
export interface GaugeFigures {
  method: GaugeMethod;
  length: Decimal.Value;
  width: Decimal.Value;
  height: Decimal.Value;
  /** BED only: the empty height above the load; a LOAD measurement has none */
  gap?: Decimal.Value | null;
}

export interface GaugedMaterial {
  name: string;
  gauged: boolean;
  /** t/m3 */
  density: Decimal.Value | null;
  gaugeToTons: boolean;
}

export type GaugeOutcome =
  | { ok: true; volume: string; gap: string; density: string | null; tons: string | null }
  | { ok: false; field: string; message: string };

/** m3 to three decimals, as the yard's gauging sheet writes it */
export const VOLUME_DECIMALS = 3;
/** tons to three decimals (kilograms) */
export const GAUGED_TONS_DECIMALS = 3;

export function gaugeLoad(f: GaugeFigures, m: GaugedMaterial): GaugeOutcome {
  if (!m.gauged) return { ok: false, field: 'id', message: `物料 ${m.name} 不按方计量，不能检尺（请在物料档案中勾选"按方计量"）` };
  const height = new Decimal(f.height);
  const gap = new Decimal(f.gap ?? 0);
  if (f.method === 'LOAD' && !gap.isZero()) return { ok: false, field: 'gap', message: '按装载尺寸检尺时不填高差' };
  if (gap.gte(height)) return { ok: false, field: 'gap', message: `高差 ${gap.toFixed()} 米应小于车厢高度 ${height.toFixed()} 米` };
  const volume = new Decimal(f.length).mul(f.width).mul(height.minus(gap)).toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_HALF_UP);
  if (volume.lte(0)) return { ok: false, field: 'height', message: '检尺方量应大于0立方米' };
  if (volume.gte(1e11)) return { ok: false, field: 'length', message: '检尺方量过大' };
  const density = m.density === null ? null : new Decimal(m.density);
  if (m.gaugeToTons && density === null) return { ok: false, field: 'id', message: `物料 ${m.name} 未设置密度(吨/立方米)，不能折算吨位` };
  // the tonnage follows the volume as written on the sheet, so volume x density on paper gives the same figure
  const tons = m.gaugeToTons && density ? volume.mul(density).toDecimalPlaces(GAUGED_TONS_DECIMALS, Decimal.ROUND_HALF_UP).toFixed() : null;
  return { ok: true, volume: volume.toFixed(VOLUME_DECIMALS), gap: gap.toFixed(), density: density?.toFixed() ?? null, tons };
}

/** The ticket states a gauging may still change: before the audit fixes the figures. */
const GAUGEABLE = new Set(['FIRST_WEIGHED', 'CONFIRMED', 'COMPLETED']);
const STATE_WORDS: Record<string, string> = { AUDITED: '已审核', POSTED: '已记账', CLOSED: '已关闭', OBSOLETE: '已作废' };

/** Why the ticket cannot be gauged now, or null. A ticket priced per m3 whose figures a document has locked keeps them. */
export function gaugeRefusal(t: { ticket_no: string; state: string; price_basis: PriceBasis; lock: TicketLock | null }): string | null {
  if (!GAUGEABLE.has(t.state)) return `磅单 ${t.ticket_no} ${STATE_WORDS[t.state] ?? t.state}，不能检尺`;
  if (t.lock && t.price_basis === 'VOLUME') return `磅单 ${t.ticket_no} 已被${lockHolder(t.lock)} 锁定，不能检尺`;
  return null;
}

/**
 * The quantity a ticket's amount is figured on: the net weighed, or the volume gauged when its
 * price is per m3 (null until it is gauged: such a ticket has no amount before its gauging).
 */
export function pricedQuantity(basis: PriceBasis, net: Decimal.Value | null, volume: Decimal.Value | null): Decimal | null {
  const q = basis === 'VOLUME' ? volume : net;
  return q === null ? null : new Decimal(q);
}
