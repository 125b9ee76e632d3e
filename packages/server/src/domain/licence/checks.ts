import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { ChildRow, EntityValues } from '../../platform/documents/define';
import { badRequest } from '../../platform/http/errors';
import * as repo from './repo';
import { collectorProblem, EXPIRING_DAYS, expiringWarning, grantProblem, preLoadWarning, type Problem } from './rules';

/**
 * Where the licence rule meets the documents that send controlled goods out: a sales notice names
 * a grant, a sales registry names a grant and an authorised collector. Each check reads what the
 * document names, and the rules (rules.ts) say whether it may go.
 */
type Tx = Transaction<DB>;
const idOf = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * A sales notice whose lines carry a controlled product names a valid grant of its customer that
 * covers each such product and has quantity left: checked with the notice lines (the header's
 * values and the whole set of lines as they will be), refused with a 400 naming grantId.
 */
export async function checkNoticeGrant(tx: Tx, orgId: string, header: EntityValues, rows: ChildRow[]): Promise<void> {
  const materials = [...new Set(rows.map((r) => idOf(r.values.materialId)).filter((m): m is string => m !== null))];
  const controlled = await repo.controlledProducts(tx, orgId, materials);
  if (controlled.length === 0) return;
  const problem = await grantCheck(tx, orgId, idOf(header.grantId), idOf(header.customerId), controlled);
  // the header's field, not a line's: said as the form names it, the write's transaction rolled back
  if (problem) throw badRequest(problem.message, problem.field);
}

async function grantCheck(tx: Tx, orgId: string, grantId: string | null, customerId: string | null, controlled: repo.ControlledProduct[]): Promise<Problem | null> {
  const products = [...new Map(controlled.map((c) => [c.id, { id: c.id, name: c.name }])).values()];
  if (!grantId) return { field: 'grantId', message: `${products.map((p) => p.name).join('、')} 为管控产品，许可证不能为空！` };
  return grantProblem('grantId', await repo.grantFacts(tx, orgId, grantId), { customerId, products, today: await repo.today(tx) });
}

/** The registry's own grant, else the one its notice names. */
const grantOf = (r: { grantId: string | null; noticeGrantId: string | null }) => r.grantId ?? r.noticeGrantId;

export interface RegistryNames { materialId: string | null; customerId: string | null; grantId: string | null; collectorId: string | null; preQuantity?: string | null }

/** The grant and the collector a sales registry of a controlled product names; the first problem, or the warnings of a grant near its end. */
export async function registryLicenceCheck(tx: Tx, orgId: string, r: RegistryNames): Promise<{ problem: Problem | null; warnings: string[] }> {
  const controlled = r.materialId ? await repo.controlledProducts(tx, orgId, [r.materialId]) : [];
  if (controlled.length === 0) return { problem: null, warnings: [] };
  const problem = await grantCheck(tx, orgId, r.grantId, r.customerId, controlled);
  if (problem) return { problem, warnings: [] };
  const grant = await repo.grantFacts(tx, orgId, r.grantId as string);
  const today = await repo.today(tx);
  const person = r.collectorId ? await repo.collectorFacts(tx, orgId, r.collectorId) : null;
  const refused = collectorProblem('collectorId', person, { customerId: r.customerId, divisionId: grant?.divisionId ?? null, today });
  if (refused) return { problem: refused, warnings: [] };
  if (!grant) return { problem: null, warnings: [] };
  const line = grant.lines.find((l) => l.standProductId === controlled[0].id);
  const warnings = [expiringWarning(grant.grantNo, grant.validTo, today, EXPIRING_DAYS), line ? preLoadWarning(grant.grantNo, line, r.preQuantity ?? null) : null];
  return { problem: null, warnings: warnings.filter((w): w is string => w !== null) };
}

/**
 * The registry form (create and update): the values as resolveParties left them (material and
 * notice taken from the notice line). A blank grant takes the notice's.
 */
export async function registryFormProblems(tx: Tx, orgId: string, values: EntityValues): Promise<Problem[]> {
  const lineId = idOf(values.noticeLineId);
  const notice = lineId ? await repo.noticeOfLine(tx, orgId, lineId) : null;
  if (!notice) return [];
  if (!idOf(values.grantId) && notice.grantId) values.grantId = notice.grantId;
  const { problem } = await registryLicenceCheck(tx, orgId, {
    materialId: notice.materialId, customerId: notice.customerId, grantId: idOf(values.grantId), collectorId: idOf(values.collectorId),
  });
  return problem ? [problem] : [];
}

/**
 * At the registry's audit (the trip is about to be let go): checked again on the day, since a
 * grant may have been voided or run out since the registry was written. Refuses with the field it
 * names; answers the warnings of a grant near its end.
 */
export async function checkRegistryAtAudit(tx: Tx, orgId: string, registryId: string): Promise<string[]> {
  const r = await repo.registryLicence(tx, orgId, registryId);
  if (!r || r.kind !== 'sa') return [];
  const { problem, warnings } = await registryLicenceCheck(tx, orgId, { materialId: r.materialId, customerId: r.customerId, grantId: grantOf(r), collectorId: r.collectorId, preQuantity: r.preQuantity });
  if (problem) throw badRequest(`登记单 ${r.code}：${problem.message}`, problem.field);
  return warnings;
}

/** A collector's or a grant's division is one of its customer's (families' checkWrite). */
export async function divisionProblems(tx: Tx, orgId: string, values: EntityValues): Promise<Problem[]> {
  const division = idOf(values.divisionId);
  const customer = idOf(values.customerId);
  if (!division || !customer) return [];
  return (await repo.divisionOfCustomer(tx, orgId, division, customer)) ? [] : [{ field: 'divisionId', message: '部门不属于该客户' }];
}
