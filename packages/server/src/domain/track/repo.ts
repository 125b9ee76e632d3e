import { sql, type Transaction } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { EntityValues, StateActionAnswer } from '../../platform/documents/define';
import { postRecords, reverseRecords, type NewRecord } from '../stock/ledger';
import { ticketMovements } from '../stock/rules/movements';
import type { TrainKindDef } from './kinds';
import { trainTotals, wagonFigures, wagonNotPostable, type LossTerms, type TrainTotals, type WagonFigures } from './rules';

/**
 * The track scale's SQL: the contract's loss terms a train copies, the checks of a train's write,
 * its audit (figures stamped on each wagon and each wagon posted to stock, in the audit's
 * transaction, the train rows locked by the engine) and reverse audit, and a train read whole with
 * its figures and totals (the form's totals, the print).
 */
type Tx = Transaction<DB>;
type Runner = Tx | Database;
const isId = (v: unknown) => typeof v === 'string' ? /^[1-9][0-9]{0,18}$/.test(v) : typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A train of a contract takes the contract's loss terms when it names none of its own (the form's
 * entity before the engine reads it; a create, an update, a push or a sheet alike).
 */
export async function contractTermsInto(db: Runner, orgId: string, entity: Record<string, unknown>): Promise<void> {
  if (!isId(entity.contractId) || !blank(entity.lossBasis) || !blank(entity.lossAllowance)) return;
  const c = await db.selectFrom('wb_contract').select(['loss_basis', 'loss_allowance', 'loss_handling'])
    .where('org_id', '=', orgId).where('id', '=', String(entity.contractId)).executeTakeFirst() as { loss_basis: string | null; loss_allowance: string | null; loss_handling: string | null } | undefined;
  if (!c || c.loss_basis === null) return;
  entity.lossBasis = c.loss_basis;
  entity.lossAllowance = c.loss_allowance;
  if (blank(entity.lossHandling) && c.loss_handling) entity.lossHandling = c.loss_handling;
}

/** A train's contract must be of its kind and its party's. */
export async function trainWriteProblems(tx: Tx, orgId: string, k: TrainKindDef, v: EntityValues): Promise<{ field: string; message: string }[]> {
  if (v.contractId === null || v.contractId === undefined) return [];
  const c = await tx.selectFrom('wb_contract').select(['contract_no', 'kind', 'vendor_id', 'customer_id'])
    .where('org_id', '=', orgId).where('id', '=', String(v.contractId)).executeTakeFirst();
  if (!c) return [{ field: 'contractId', message: '合同不存在' }];
  if (c.kind !== k.kind) return [{ field: 'contractId', message: `合同 ${c.contract_no} 不是${k.kind === 'pu' ? '采购' : '销售'}合同` }];
  const party = k.kind === 'pu' ? c.vendor_id : c.customer_id;
  if (party !== null && String(party) !== String(v[k.party.idName])) return [{ field: 'contractId', message: `合同 ${c.contract_no} 不是该${k.party.label}的合同` }];
  return [];
}

interface TrainRow { id: string; train_no: string; kind: 'pu' | 'sa'; warehouse_id: string; loss_basis: LossTerms['basis']; loss_allowance: string | null; loss_handling: LossTerms['handling'] }
interface WagonRow { id: string; train_id: string; seq: number; wagon_no: string; material_id: string | null; gross: string | null; tare: string | null; waybill: string | null }

async function trainsAndWagons(db: Runner, orgId: string, ids: string[]): Promise<{ trains: TrainRow[]; wagons: WagonRow[] }> {
  const { rows: trains } = await sql<TrainRow>`
    SELECT id::text, train_no, kind, warehouse_id::text, loss_basis, loss_allowance::text, loss_handling
      FROM wb_train WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) ORDER BY id`.execute(db);
  const { rows: wagons } = await sql<WagonRow>`
    SELECT w.id::text, w.train_id::text, w.seq, w.wagon_no, coalesce(w.material_id, t.material_id)::text AS material_id,
           w.gross::text, w.tare::text, w.waybill::text
      FROM wb_wagon w JOIN wb_train t ON t.id = w.train_id
     WHERE w.org_id = ${orgId} AND w.train_id = ANY(${ids}::bigint[]) ORDER BY w.train_id, w.seq, w.id`.execute(db);
  return { trains, wagons };
}

const termsOf = (t: TrainRow): LossTerms => ({ basis: t.loss_basis, allowance: t.loss_allowance, handling: t.loss_handling });

/**
 * 审核: every wagon weighed and with a material, else the whole batch is refused naming each; then
 * each wagon's figures are stamped and each wagon posts its net to stock (pu: IN to the train's
 * warehouse, sa: OUT of it) as a truck ticket of its kind would, all in the audit's transaction.
 */
export async function auditTrains(tx: Tx, who: RowScope, k: TrainKindDef, ids: string[]): Promise<StateActionAnswer> {
  const { trains, wagons } = await trainsAndWagons(tx, who.orgId, ids);
  const problems: { field: string; message: string }[] = [];
  for (const t of trains) {
    const own = wagons.filter((w) => w.train_id === t.id);
    if (own.length === 0) problems.push({ field: 'ids', message: `车次 ${t.train_no} 没有车皮，不能审核` });
    for (const w of own) {
      const p = wagonNotPostable(t.train_no, { wagonNo: w.wagon_no, gross: w.gross, tare: w.tare, materialId: w.material_id });
      if (p) problems.push(p);
    }
  }
  if (problems.length) return problems;
  const byId = new Map(trains.map((t) => [t.id, t]));
  const figured = wagons.map((w) => ({ w, f: wagonFigures(w, termsOf(byId.get(w.train_id) as TrainRow)) }));
  await sql`
    UPDATE wb_wagon w SET tolerance = x.tolerance, over_loss = x.over_loss, charged = x.charged
      FROM unnest(${figured.map((x) => x.w.id)}::bigint[], ${figured.map((x) => x.f.tolerance)}::numeric[],
                  ${figured.map((x) => x.f.overLoss)}::numeric[], ${figured.map((x) => x.f.charged)}::numeric[]) AS x(id, tolerance, over_loss, charged)
     WHERE w.id = x.id AND w.org_id = ${who.orgId}`.execute(tx);
  const records: NewRecord[] = [];
  for (const { w, f } of figured) {
    const t = byId.get(w.train_id) as TrainRow;
    const decision = ticketMovements({
      ticketNo: `${t.train_no}/${w.wagon_no}`, kind: k.kind, side: null, firstIs: 'GROSS', warehouseId: t.warehouse_id, toWarehouseId: null,
      materialId: w.material_id, net: f.net,
    });
    if (!decision.ok) return [{ field: decision.field, message: decision.message }];
    records.push(...decision.movements.map((m) => ({ ...m, source: { wagonId: w.id }, remark: `轨道衡：车次 ${t.train_no} 车号 ${w.wagon_no}` })));
  }
  const posting = await postRecords(tx, who.orgId, who.userId, records, `车次 ${trains.map((t) => t.train_no).join('、')} 已记账，不能重复记账`);
  await sql`UPDATE wb_train SET audited_at = now(), audited_by = ${who.userId} WHERE org_id = ${who.orgId} AND id = ANY(${ids}::bigint[])`.execute(tx);
  return { problems: [], warnings: posting.warnings };
}

/** 反审核: the wagons' stock records taken back (they stay for the history) and their figures cleared. */
export async function unauditTrains(tx: Tx, who: RowScope, ids: string[]): Promise<StateActionAnswer> {
  const { rows } = await sql<{ id: string }>`SELECT id::text FROM wb_wagon WHERE org_id = ${who.orgId} AND train_id = ANY(${ids}::bigint[])`.execute(tx);
  const reversed = await reverseRecords(tx, who.orgId, who.userId, 'wagon_id', rows.map((r) => r.id));
  await sql`UPDATE wb_wagon SET tolerance = NULL, over_loss = NULL, charged = NULL WHERE org_id = ${who.orgId} AND train_id = ANY(${ids}::bigint[])`.execute(tx);
  await sql`UPDATE wb_train SET audited_at = NULL, audited_by = NULL WHERE org_id = ${who.orgId} AND id = ANY(${ids}::bigint[])`.execute(tx);
  return { problems: [], warnings: reversed.warnings };
}

export interface TrainSheet {
  train: { id: string; trainNo: string; kind: 'pu' | 'sa'; docStatus: string; arrivedAt: Date; partyName: string | null; contractNo: string | null;
    materialName: string | null; warehouseName: string | null; lossBasis: LossTerms['basis']; lossAllowance: string | null; lossHandling: LossTerms['handling']; remark: string | null };
  wagons: { seq: number; wagonNo: string; materialName: string | null; gross: string | null; tare: string | null; tareMode: string; waybill: string | null; figures: WagonFigures }[];
  totals: TrainTotals;
}

/** A train of the caller's company with its wagons, each figured by the train's terms, and the totals; null when not the company's. */
export async function trainSheet(db: Runner, orgId: string, kind: 'pu' | 'sa', id: string): Promise<TrainSheet | null> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id::text, t.train_no, t.kind, t.doc_status, t.arrived_at, coalesce(v.vendor_name, c.customer_name) AS party_name, ct.contract_no,
           m.inv_name AS material_name, w.ware_name, t.loss_basis, t.loss_allowance::text, t.loss_handling, t.remark
      FROM wb_train t
      LEFT JOIN md_vendor v ON v.id = t.vendor_id LEFT JOIN md_customer c ON c.id = t.customer_id
      LEFT JOIN wb_contract ct ON ct.id = t.contract_id LEFT JOIN md_material m ON m.id = t.material_id
      LEFT JOIN md_warehouse w ON w.id = t.warehouse_id
     WHERE t.org_id = ${orgId} AND t.kind = ${kind} AND t.id = ${id}::bigint`.execute(db);
  const t = rows[0];
  if (!t) return null;
  const terms: LossTerms = { basis: t.loss_basis as LossTerms['basis'], allowance: t.loss_allowance as string | null, handling: t.loss_handling as LossTerms['handling'] };
  const { rows: wagons } = await sql<{ seq: number; wagon_no: string; material_name: string | null; gross: string | null; tare: string | null; tare_mode: string; waybill: string | null }>`
    SELECT w.seq, w.wagon_no, m.inv_name AS material_name, w.gross::text, w.tare::text, w.tare_mode, w.waybill::text
      FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id LEFT JOIN md_material m ON m.id = coalesce(w.material_id, tr.material_id)
     WHERE w.org_id = ${orgId} AND w.train_id = ${id}::bigint ORDER BY w.seq, w.id`.execute(db);
  const figured = wagons.map((w) => ({
    seq: w.seq, wagonNo: w.wagon_no, materialName: w.material_name, gross: w.gross, tare: w.tare, tareMode: w.tare_mode, waybill: w.waybill,
    figures: wagonFigures(w, terms),
  }));
  return {
    train: {
      id: t.id as string, trainNo: t.train_no as string, kind: t.kind as 'pu' | 'sa', docStatus: t.doc_status as string, arrivedAt: t.arrived_at as Date,
      partyName: t.party_name as string | null, contractNo: t.contract_no as string | null, materialName: t.material_name as string | null,
      warehouseName: t.ware_name as string | null, lossBasis: terms.basis, lossAllowance: terms.allowance as string | null, lossHandling: terms.handling,
      remark: t.remark as string | null,
    },
    wagons: figured,
    totals: trainTotals(figured),
  };
}
