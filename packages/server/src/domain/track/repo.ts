import { sql, type Transaction } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { EntityValues, StateActionAnswer } from '../../platform/documents/define';
import { postRecords, reverseRecords, type NewRecord } from '../stock/ledger';
import { ticketMovements } from '../stock/rules/movements';
import { resolvePrice } from '../price/resolve';
import { weighParams } from '../weighing/repo';
import type { TrainKindDef } from './kinds';
import { trainTotals, wagonAmount, wagonFigures, wagonNotPostable, type LossTerms, type TrainTotals, type WagonFigures } from './rules';

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

interface TrainRow {
  id: string; train_no: string; kind: 'pu' | 'sa'; warehouse_id: string; loss_basis: LossTerms['basis']; loss_allowance: string | null; loss_handling: LossTerms['handling'];
  contract_id: string | null; party_id: string; arrived_at: Date;
}
interface WagonRow { id: string; train_id: string; seq: number; wagon_no: string; material_id: string | null; gross: string | null; tare: string | null; waybill: string | null }

async function trainsAndWagons(db: Runner, orgId: string, ids: string[]): Promise<{ trains: TrainRow[]; wagons: WagonRow[] }> {
  const { rows: trains } = await sql<TrainRow>`
    SELECT id::text, train_no, kind, warehouse_id::text, loss_basis, loss_allowance::text, loss_handling, contract_id::text,
           coalesce(vendor_id, customer_id)::text AS party_id, arrived_at
      FROM wb_train WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) ORDER BY id`.execute(db);
  const { rows: wagons } = await sql<WagonRow>`
    SELECT w.id::text, w.train_id::text, w.seq, w.wagon_no, coalesce(w.material_id, t.material_id)::text AS material_id,
           w.gross::text, w.tare::text, w.waybill::text
      FROM wb_wagon w JOIN wb_train t ON t.id = w.train_id
     WHERE w.org_id = ${orgId} AND w.train_id = ANY(${ids}::bigint[]) ORDER BY w.train_id, w.seq, w.id`.execute(db);
  return { trains, wagons };
}

const termsOf = (t: TrainRow): LossTerms => ({ basis: t.loss_basis, allowance: t.loss_allowance, handling: t.loss_handling });

/** The price a wagon settles at, and the tax rate: stamped on it by its train's audit. */
interface WagonPrice { price: string | null; source: string | null; taxRate: string | null }

/**
 * Each train's price per material of its wagons, as a truck ticket's is decided at its completion:
 * the train's contract row of the material (an audited contract, the row's tax rate else the
 * contract's), else the price rule in force at the train's arrival for the party (by rail); a
 * price per m3 gauged does not price a weighed wagon. None: the wagon settles at 0.
 */
async function wagonPrices(tx: Tx, orgId: string, k: TrainKindDef, trains: TrainRow[], wagons: WagonRow[]): Promise<Map<string, WagonPrice>> {
  const out = new Map<string, WagonPrice>();
  for (const t of trains) {
    const materials = [...new Set(wagons.filter((w) => w.train_id === t.id && w.material_id !== null).map((w) => w.material_id as string))];
    const { rows: lines } = t.contract_id === null || materials.length === 0 ? { rows: [] } : await sql<{ material_id: string; price: string | null; tax_rate: string | null; contract_no: string; basis: string }>`
      SELECT DISTINCT ON (cl.material_id) cl.material_id::text, trim_scale(cl.price)::text AS price, trim_scale(coalesce(cl.tax_rate, c.tax_rate))::text AS tax_rate,
             c.contract_no, cl.price_basis AS basis
        FROM wb_contract c JOIN wb_contract_line cl ON cl.contract_id = c.id
       WHERE c.org_id = ${orgId} AND c.id = ${t.contract_id}::bigint AND c.doc_status = 'AUDITED' AND cl.material_id = ANY(${materials}::bigint[])
       ORDER BY cl.material_id, (cl.price IS NULL), cl.seq`.execute(tx);
    const { rows: contract } = t.contract_id === null ? { rows: [] } : await sql<{ tax_rate: string | null }>`
      SELECT trim_scale(tax_rate)::text AS tax_rate FROM wb_contract WHERE org_id = ${orgId} AND id = ${t.contract_id}::bigint`.execute(tx);
    for (const m of materials) {
      const line = lines.find((l) => l.material_id === m);
      const taxRate = line?.tax_rate ?? contract[0]?.tax_rate ?? null;
      if (line && line.price !== null && line.basis !== 'VOLUME') {
        out.set(`${t.id}:${m}`, { price: line.price, source: `合同 ${line.contract_no}`, taxRate });
        continue;
      }
      const pick = await resolvePrice(tx, { orgId, kind: k.kind, noticeLineId: null, materialId: m, partyId: t.party_id, at: t.arrived_at, transport: 'RAIL' });
      out.set(`${t.id}:${m}`, pick && pick.basis !== 'VOLUME' ? { price: pick.price, source: pick.label, taxRate } : { price: null, source: null, taxRate });
    }
  }
  return out;
}

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
  const prices = await wagonPrices(tx, who.orgId, k, trains, wagons);
  const priceOf = (w: WagonRow) => prices.get(`${w.train_id}:${w.material_id}`) ?? { price: null, source: null, taxRate: null };
  // the amount beside the price (105): (net - charged) x price at the money decimals
  const decimals = (await weighParams(tx, who.orgId)).moneyPrecision;
  const amounts: (string | null)[] = [];
  for (const { w, f } of figured) {
    const a = wagonAmount((byId.get(w.train_id) as TrainRow).train_no, w.wagon_no, f.net, f.charged, priceOf(w).price, decimals);
    if (!a.ok) return [{ field: a.field, message: a.message }];
    amounts.push(a.amount);
  }
  await sql`
    UPDATE wb_wagon w SET tolerance = x.tolerance, over_loss = x.over_loss, charged = x.charged, price = x.price, price_source = x.price_source, tax_rate = x.tax_rate,
           amount = x.amount
      FROM unnest(${figured.map((x) => x.w.id)}::bigint[], ${figured.map((x) => x.f.tolerance)}::numeric[],
                  ${figured.map((x) => x.f.overLoss)}::numeric[], ${figured.map((x) => x.f.charged)}::numeric[],
                  ${figured.map((x) => priceOf(x.w).price)}::numeric[], ${figured.map((x) => priceOf(x.w).source)}::text[],
                  ${figured.map((x) => priceOf(x.w).taxRate)}::numeric[], ${amounts}::numeric[]) AS x(id, tolerance, over_loss, charged, price, price_source, tax_rate, amount)
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

/**
 * 反审核: refused while a goods settlement holds a wagon of the train (its row's claim, migration
 * 095: the wagons are locked first, as the settlement's pound list locks them, and the holders read
 * after in a statement of its own); else the wagons' stock records taken back (they stay for the
 * history) and their figures and price cleared.
 */
export async function unauditTrains(tx: Tx, who: RowScope, ids: string[]): Promise<StateActionAnswer> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM wb_wagon WHERE org_id = ${who.orgId} AND train_id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(tx);
  const { rows: held } = await sql<{ train_no: string; settle_no: string; n: number }>`
    SELECT t.train_no, s.settle_no, count(*)::int AS n
      FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id JOIN wb_wagon w ON w.id = r.wagon_id JOIN wb_train t ON t.id = w.train_id
     WHERE r.scope = 'GOODS' AND r.wagon_id = ANY(${rows.map((r) => r.id)}::bigint[])
     GROUP BY t.train_no, s.settle_no ORDER BY t.train_no, s.settle_no`.execute(tx);
  if (held.length > 0) {
    return held.map((h) => ({ field: 'ids', message: `车次 ${h.train_no} 有 ${h.n} 节车皮已被结算单 ${h.settle_no} 结算，不能反审核，请先从结算单中移除` }));
  }
  const reversed = await reverseRecords(tx, who.orgId, who.userId, 'wagon_id', rows.map((r) => r.id));
  await sql`UPDATE wb_wagon SET tolerance = NULL, over_loss = NULL, charged = NULL, price = NULL, price_source = NULL, tax_rate = NULL, amount = NULL
     WHERE org_id = ${who.orgId} AND train_id = ANY(${ids}::bigint[])`.execute(tx);
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
