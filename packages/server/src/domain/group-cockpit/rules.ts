import { GROUP_COCKPIT_KINDS, type GroupCockpitClassStock, type GroupCockpitPlant, type GroupCockpitTons } from '@wb/protocol';

/** The plant day of an instant in the plant's zone, 'YYYY-MM-DD'. */
export function plantDay(now: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now));
}

/** The first day of a plant day's month. */
export const monthStartOf = (day: string): string => `${day.slice(0, 7)}-01`;

type Plant = Pick<GroupCockpitPlant, 'orgId' | 'orgCode' | 'orgName' | 'orgNameEn' | 'member'>;
interface ByOrg { orgId: string }

/** What the statements read, put together per plant: a plant a figure has no row for has none of it. */
export interface CockpitRows {
  plants: Plant[];
  inPlant: (ByOrg & { n: number })[];
  today: (ByOrg & { kind: string; tons: string })[];
  month: (ByOrg & { kind: string; tons: string })[];
  stock: (ByOrg & { tons: string })[];
  /** by class, in the order the plant shows them (class code) */
  stockByClass: (ByOrg & GroupCockpitClassStock)[];
  accounts: (ByOrg & { receipts: string; consumed: string })[];
  unsettled: (ByOrg & { cents: string })[];
  interventions: (ByOrg & { n: number })[];
  approvals: (ByOrg & { n: number })[];
}

const index = <T extends ByOrg>(rows: T[]) => new Map(rows.map((r) => [r.orgId, r]));

function tonsOf(rows: (ByOrg & { kind: string; tons: string })[], orgId: string): GroupCockpitTons {
  const out = Object.fromEntries(GROUP_COCKPIT_KINDS.map((k) => [k, '0'])) as GroupCockpitTons;
  for (const r of rows) if (r.orgId === orgId && (GROUP_COCKPIT_KINDS as readonly string[]).includes(r.kind)) out[r.kind as keyof GroupCockpitTons] = r.tons;
  return out;
}

export function assemblePlants(rows: CockpitRows): GroupCockpitPlant[] {
  const inPlant = index(rows.inPlant);
  const stock = index(rows.stock);
  const accounts = index(rows.accounts);
  const unsettled = index(rows.unsettled);
  const interventions = index(rows.interventions);
  const approvals = index(rows.approvals);
  return rows.plants.map((p) => ({
    ...p,
    inPlant: inPlant.get(p.orgId)?.n ?? 0,
    today: tonsOf(rows.today, p.orgId),
    month: tonsOf(rows.month, p.orgId),
    stockTons: stock.get(p.orgId)?.tons ?? '0',
    stockByClass: rows.stockByClass.filter((r) => r.orgId === p.orgId).map(({ classId, classCode, className, tons }) => ({ classId, classCode, className, tons })),
    receiptsCents: Number(accounts.get(p.orgId)?.receipts ?? 0),
    consumedCents: Number(accounts.get(p.orgId)?.consumed ?? 0),
    unsettledCents: Number(unsettled.get(p.orgId)?.cents ?? 0),
    openInterventions: interventions.get(p.orgId)?.n ?? 0,
    openApprovals: approvals.get(p.orgId)?.n ?? 0,
  }));
}
