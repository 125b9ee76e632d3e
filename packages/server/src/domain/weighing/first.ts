import Decimal from 'decimal.js';
import type { WeighingBody, WeighingReply } from '@wb/protocol';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import { nextNumbers } from '../../platform/numbering/repo';
import { identifiedBy, registryOfFirst } from './identify';
import { TICKET_KIND_INFO, ticketNumbering, type TicketKind } from './kinds';
import { weighingReply, TARE_SOURCE } from './reply';
import * as repo from './repo';
import type { RegistryRow, Tx } from './repo';
import { decideFirstWeighing } from './rules/decide-first';
import type { Direction } from './rules/kinds';
import type { WeighingSource } from './rules/snapshot';
import { toTons } from './rules/units';
import { sameWeightGuess, sameWeightOf, weighingFacts } from './facts-repo';
import { holdSnapshots } from './snapshots';
import { entryOf, type Actor } from '../../platform/audit/log';
import { firstWeighingNote } from './log-notes';
import type { WeighCall } from './weigh-log';
import { manualRightRefused } from '../station/weigh-source';
import { assignStockAddress } from '../stock/address/assign';

/** Kinds whose trucks come on a notice: they weigh only through a registry. */
const NEEDS_REGISTRY: readonly TicketKind[] = ['pu', 'sa', 'al', 'tr'];

/**
 * The first weighing, in the caller's transaction: find the truck's trip, take the plate's turn,
 * answer a retried call with its first answer, decide, and write the ticket, its reading and the
 * registry's move to the scale together, with the call's weigh log row (weigh-log.ts) and its
 * operation-log entry (log-notes.ts) in the reading's statement. Nothing is written when the
 * decision refuses; what the call learnt is left in `call` for its refusal's row.
 */
export async function firstWeighing(tx: Tx, who: Actor, kind: TicketKind, body: WeighingBody, call: WeighCall): Promise<WeighingReply> {
  const earlier = await repo.replayedTicket(tx, who.orgId, body.stationId, body.requestId);
  if (earlier) return weighingReply(tx, who.orgId, earlier.ticketId, { replay: true });

  const registryId = await registryOfFirst(tx, who.orgId, kind, body);
  const plate = registryId ? (await registryOrThrow(tx, who.orgId, registryId, false)).plate_number : (body.plate as string);
  call.plate = plate;
  await repo.lockPlate(tx, who.orgId, plate);
  const again = await repo.replayedTicket(tx, who.orgId, body.stationId, body.requestId);
  if (again) return weighingReply(tx, who.orgId, again.ticketId, { replay: true });

  const registry = registryId ? await registryOrThrow(tx, who.orgId, registryId, true) : null;
  if (registry) checkRegistry(registry, kind);
  else if (NEEDS_REGISTRY.includes(kind)) throw badRequest(`车辆 ${plate} 没有可过磅的${TICKET_KIND_INFO[kind].label.replace('过磅单', '登记单')}`, 'plate');

  const materialId = registry?.material_id ?? body.materialId ?? null;
  const at = body.weighedAt ? new Date(body.weighedAt) : new Date();
  // the same-weight readings ride with the facts when their query can be told before the parameters are read (facts-repo.ts)
  const sameWeight = sameWeightGuess(who.orgId, body);
  const facts = await weighingFacts(tx, { orgId: who.orgId, plate, materialId, at, ticketId: null, lineId: null, manualRightOf: typedBy(call, who), sameWeight });
  if (facts.manualRight === false) throw manualRightRefused();
  const { params, material, vehicle, history } = facts;
  if (materialId && !material.found) throw badRequest('物料不存在或未分配给本公司', 'materialId');
  call.unit = params.weightUnit;
  const source = sourceOf(body, params.weightUnit);
  if (source.kind === 'scale' && params.sameWeightCheck !== 'none') {
    history.recentReadings = await sameWeightOf(tx, who.orgId, facts, sameWeight, source.weight, at);
  }
  const direction: Direction | null = kind === 'al' || kind === 'tr' ? (body.direction ?? 'dispatch') : null;

  const decision = decideFirstWeighing({
    kind, direction, vehicle, material, params, history, at, source, openTicket: facts.openTicket ? { code: facts.openTicket.ticketNo } : null,
  });
  if (!decision.ok) throw badRequestWith(decision.messages.map((message) => ({ field: 'weight', message })));

  await holdSnapshots(tx, who.orgId, body.snapshotFileIds);
  const notice = registry?.notice_line_id ? await repo.noticeOf(tx, who.orgId, registry.notice_line_id) : undefined;
  const [ticketNo] = await nextNumbers(tx, {
    orgId: who.orgId, ...ticketNumbering(kind), count: 1,
    taken: (codes) => repo.ticketNumbersTaken(tx, who.orgId, codes),
    highestSerial: (stem) => repo.highestTicketSerial(tx, who.orgId, stem),
  });
  const { first } = decision;
  const weight = first.weight.toFixed();
  const ticketId = await repo.insertTicket(tx, {
    org_id: who.orgId, kind, ticket_no: ticketNo as string, state: 'FIRST_WEIGHED', side: direction ? (direction === 'dispatch' ? 'DISPATCH' : 'RECEIVE') : null,
    registry_id: registry?.id ?? null, notice_id: registry?.notice_id ?? null, notice_line_id: registry?.notice_line_id ?? null, material_id: materialId,
    warehouse_id: notice?.warehouse_id ?? body.warehouseId ?? null, to_warehouse_id: notice?.to_warehouse_id ?? null, vendor_id: notice?.vendor_id ?? null,
    customer_id: notice?.customer_id ?? null, carrier_id: registry?.carrier_id ?? notice?.carrier_id ?? null, vehicle_id: facts.vehicleId, plate_number: plate,
    driver_name: registry?.driver_name ?? null, driver_id_number: registry?.driver_id_number ?? null, first_is: first.side === 'gross' ? 'GROSS' : 'TARE',
    ...(first.side === 'gross'
      ? { gross: weight, gross_time: first.at }
      : { tare: weight, tare_time: first.at, tare_source: TARE_SOURCE[first.source] }),
    shipped_quantity: registry?.shipped_quantity ?? null, reserved_quantity: registry?.reserved_quantity ?? '0', price: notice?.price ?? null,
    warnings: JSON.stringify(decision.warnings), created_by: who.userId, updated_by: who.userId,
    // a typed weight is a manual ticket's (station/source-rules.ts)
    manual: call.source === 'MANUAL',
  });
  // the unloading or loading place chosen with the weighing (domain/stock/address): checked against the ticket's warehouse
  if (body.stockAddressId) await assignStockAddress(tx, who, { ticketId, stockAddressId: body.stockAddressId });
  await repo.insertWeighing(tx, {
    orgId: who.orgId, ticketId, reading: 'FIRST', record: first, station: body.stationId, requestId: body.requestId, identifiedBy: identifiedBy(body),
    snapshots: body.snapshotFileIds, operatorId: who.userId, log: { ...call, ticketId, ticketNo: ticketNo as string },
    note: entryOf(who, firstWeighingNote(kind, ticketNo as string, first)),
  });
  if (registry) await repo.registryWeighing(tx, who.orgId, registry.id, at);
  return weighingReply(tx, who.orgId, ticketId, { warnings: decision.warnings, replay: false });
}

/** The user whose manual-weighing right the facts read: the weigher of a typed weight, else none. */
export const typedBy = (call: Pick<WeighCall, 'source'>, who: Pick<Actor, 'userId'>): string | null => (call.source === 'MANUAL' ? who.userId : null);

/** The scale reading in tons, or the stored tare asked for in its place. */
export function sourceOf(body: WeighingBody, unit: 't' | 'kg'): WeighingSource {
  if (body.tare === 'weigh') return { kind: 'scale', weight: toTons(new Decimal(body.weight as string), unit), stable: body.stable };
  return { kind: 'stored', ...(body.tare === 'stored' ? {} : { wanted: body.tare }) };
}

async function registryOrThrow(tx: Tx, orgId: string, id: string, lock: boolean): Promise<NonNullable<RegistryRow>> {
  const r = await repo.registryById(tx, orgId, id, lock);
  if (!r) throw new AppError(404, '登记单不存在', 'registryId');
  return r;
}

/** A truck weighs on an audited, enabled registry of this kind whose trip is not over. */
function checkRegistry(r: NonNullable<RegistryRow>, kind: TicketKind): void {
  const who = `登记单 ${r.registry_no}`;
  if (r.kind !== TICKET_KIND_INFO[kind].registryKind) throw badRequest(`${who} 不是${TICKET_KIND_INFO[kind].label.replace('过磅单', '登记单')}`, 'registryId');
  if (r.doc_status === 'OBSOLETE') throw badRequest(`${who} 已作废，不能过磅`, 'registryId');
  if (r.doc_status !== 'AUDITED') throw badRequest(`${who} 未审核，不能过磅`, 'registryId');
  if (!r.enabled) throw badRequest(`${who} 已停用，不能过磅`, 'registryId');
  if (r.merged_into_id) throw badRequest(`${who} 已合并，不能过磅`, 'registryId');
  if (r.trip_state === 'RELEASED') throw badRequest(`${who} 的车辆已出厂，不能过磅`, 'registryId');
  // the registry's trip table: the first weighing moves an entered truck to the scale
  if (r.trip_state === 'PLANNED') throw badRequest(`${who} 的车辆未入厂，不能过磅`, 'registryId');
}
