import type { Database } from '../../platform/db/pool';
import type { ScheduledJobDecl } from '../../platform/jobs/define';
import { companies, materialNets, netsUnjudged, operatorTallies, plantYesterday, weightsSeen, windowOf, type NetUnjudged, type OperatorCount } from './nightly-repo';
import { alertOf, raise } from './raise';
import { netUnusual, operatorOutliers, sameWeight, type Finding } from './rules';
import { truckTicketsRead } from './history-repo';
import { settingsFor } from './settings';

/**
 * The history rules (预警夜间巡检): over a window of plant days ending at `throughDay`, the same
 * weight to the kg on different trucks, and each operator's share of typed weights, deductions,
 * price changes and approved interventions against the peers'; and NET_UNUSUAL by material for the
 * day's tickets whose truck had too little history of its own for the per-weighing rule.
 * Idempotent: each finding's key is its evidence (a weight and the run's first ticket; an operator,
 * what and the month; the ticket, as the per-weighing rule keys it), so a second run over the same
 * days raises nothing new. Answers the alerts raised.
 */
export async function runNightly(db: Database, orgId: string, throughDay: string): Promise<number> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(throughDay)) throw new Error(`预警夜间巡检: 日期 ${throughDay} 无效`);
  const settings = await settingsFor(db, orgId);
  let raised = 0;
  const same = settings.get('SAME_WEIGHT')!;
  if (same.enabled) raised += await sameWeights(db, orgId, throughDay, same.settings);
  const outlier = settings.get('OPERATOR_OUTLIER')!;
  if (outlier.enabled) raised += await operatorShares(db, orgId, throughDay, outlier.settings);
  const net = settings.get('NET_UNUSUAL')!;
  // the truck's history read as the per-weighing scan reads it (history-repo.ts truckTicketsRead), so that every ticket is judged by one of the two
  const read = truckTicketsRead({ lastTares: Number(settings.get('TARE_DRIFT')!.settings.lastN), lastNets: Number(net.settings.lastN) });
  if (net.enabled) raised += await netsByMaterial(db, orgId, throughDay, net.settings, read);
  return raised;
}

/** The plant days of a material's nets the night compares a ticket with. */
export const MATERIAL_DAYS = 30;
/** A truck's peers for its net: those whose tare is within this share of its own (a 10 t tractor does not carry a 35 t semi's load). */
export const PEER_TARE_SHARE = 0.2;

/**
 * NET_UNUSUAL at night, by material: a ticket of the day whose truck had fewer than `minHistory`
 * nets of its own of the material (a new truck, a truck new to the material: the per-weighing rule
 * passed it by) against the material's nets of the last 30 days of trucks of its size (a tare within
 * 20 % of its own; purchases and sales apart). Keyed `ticket:<id>` as the per-weighing rule keys it, so a ticket is never raised twice.
 */
async function netsByMaterial(db: Database, orgId: string, throughDay: string, s: Record<string, any>, read: number): Promise<number> {
  const unjudged = await netsUnjudged(db, orgId, await windowOf(db, throughDay, 1), s.minHistory, read);
  if (unjudged.length === 0) return 0;
  const nets = await materialNets(db, orgId, await windowOf(db, throughDay, MATERIAL_DAYS), [...new Set(unjudged.map((t) => t.materialId))]);
  let raised = 0;
  for (const t of unjudged) {
    const others = (nets.get(`${t.materialId}:${t.kind}`) ?? [])
      .filter(([id, , tare]) => id !== t.id && Math.abs(tare - t.tareKg) <= t.tareKg * PEER_TARE_SHARE).map(([, kg]) => kg);
    const f = netUnusual(t.kind, t.netKg, others, { minHistory: s.minHistory, threshold: s.threshold, minSpreadKg: s.minSpreadKg });
    if (f && (await raise(db, orgId, alertOf(byMaterial(f, t, others.length), { source: 'NIGHTLY', dedupeKey: `ticket:${t.id}`, ...aboutTicket(t), ticketIds: [t.id] })))) raised++;
  }
  return raised;
}

/** The finding told as against the material's nets, not the truck's own. */
const byMaterial = (f: Finding, t: NetUnjudged, n: number): Finding => ({
  ...f,
  message: `净重 ${(t.netKg / 1000).toFixed(3)} 吨${t.kind === 'pu' ? '高于' : '低于'}该物料近 ${MATERIAL_DAYS} 天同车型（皮重相近）${n} 车中位数 ${(Number(f.evidence.medianKg) / 1000).toFixed(3)} 吨（本车该物料记录不足，稳健分数 ${f.evidence.score}）`,
  evidence: { ...f.evidence, basis: 'MATERIAL', days: MATERIAL_DAYS, tareKg: t.tareKg },
});

const aboutTicket = (t: NetUnjudged) => ({
  occurredAt: t.completedAt, ticketId: t.id, ticketNo: t.ticketNo, plate: t.plate, operatorId: t.operatorId, materialId: t.materialId, scaleId: t.scaleId,
  ...(t.kind === 'sa' && t.customerId !== null ? { partyKind: 'CUSTOMER' as const, partyId: t.customerId }
    : t.kind === 'pu' && t.vendorId !== null ? { partyKind: 'VENDOR' as const, partyId: t.vendorId } : { partyKind: null, partyId: null }),
});

const WHAT: Record<'typed' | 'deducted' | 'priced' | 'approved', string> = {
  typed: '手工录入重量', deducted: '手工扣重', priced: '手工改价', approved: '远程放行',
};

async function sameWeights(db: Database, orgId: string, throughDay: string, s: Record<string, any>): Promise<number> {
  const windowMs = s.windowMinutes * 60_000;
  const w = await windowOf(db, throughDay, s.days);
  const seen = await weightsSeen(db, orgId, w, windowMs, s.minKg);
  let raised = 0;
  for (const what of ['gross', 'net'] as const) {
    for (const f of sameWeight(seen[what], { windowMs, minTrucks: s.minTrucks })) {
      const tickets = f.evidence.tickets as string[];
      const first = seen[what].filter((x) => tickets.includes(x.ticketId)).sort((a, b) => a.at - b.at)[0];
      // a run wholly before the window was the last run's to raise
      if (first.at < w.from.getTime() - windowMs) continue;
      const alert = alertOf(label(f, what), {
        source: 'NIGHTLY', dedupeKey: `${what}:${f.evidence.kg}:${first.ticketId}`, occurredAt: new Date(first.at), ticketIds: tickets,
        ticketId: first.ticketId, plate: first.plate,
      });
      if (await raise(db, orgId, alert)) raised++;
    }
  }
  return raised;
}

/** The finding says whether the gross or the net repeated. */
const label = (f: Finding, what: 'gross' | 'net'): Finding => ({
  ...f, message: `${what === 'gross' ? '毛重' : '净重'}雷同：${f.message}`, evidence: { ...f.evidence, what },
});

async function operatorShares(db: Database, orgId: string, throughDay: string, s: Record<string, any>): Promise<number> {
  const w = await windowOf(db, throughDay, s.days);
  const tallies = await operatorTallies(db, orgId, w);
  const month = throughDay.slice(0, 7);
  let raised = 0;
  for (const key of Object.keys(WHAT) as (keyof typeof WHAT)[]) {
    const named = uniquelyNamed(tallies[key]);
    for (const f of operatorOutliers(WHAT[key], named, { minTotal: s.minTotal, threshold: s.threshold, minSpreadRate: s.minSpreadRate })) {
      const who = named.find((t) => t.operator === f.evidence.operator)!;
      const alert = alertOf(f, {
        source: 'NIGHTLY', dedupeKey: `${key}:${who.operatorId}:${month}`, occurredAt: w.to, ticketIds: [], operatorId: who.operatorId,
      });
      if (await raise(db, orgId, { ...alert, evidence: { ...alert.evidence, from: w.from.toISOString(), to: w.to.toISOString() } })) raised++;
    }
  }
  return raised;
}

/** Operators told apart by name; two of one name by their id as well. */
function uniquelyNamed(t: OperatorCount[]): OperatorCount[] {
  const count = new Map<string, number>();
  for (const x of t) count.set(x.operator, (count.get(x.operator) ?? 0) + 1);
  return t.map((x) => (count.get(x.operator)! > 1 ? { ...x, operator: `${x.operator}#${x.operatorId}` } : x));
}

/** 预警夜间巡检: every company's yesterday (plant days), nightly at 00:40 plant time and on demand (定时任务 → 立即执行). */
export const alertNightlyJob: ScheduledJobDecl = {
  key: 'alert.nightly', name: '预警夜间巡检', nameEn: 'Alert nightly review', cron: '0 40 0 * * *',
  timeoutSeconds: 3600,
  async run(ctx) {
    const day = await plantYesterday(ctx.db);
    const results: string[] = [];
    let total = 0;
    for (const orgId of await companies(ctx.db)) {
      const n = await runNightly(ctx.db, orgId, day);
      total += n;
      if (n > 0) results.push(`公司 ${orgId}: ${n} 条`);
    }
    return { summary: total === 0 ? `${day} 没有新的预警` : `${day} 新预警 ${total} 条（${results.join('；')}）` };
  },
};
