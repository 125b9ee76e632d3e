import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { idSchema, plantDate } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import { attachment, streamSheet, XLSX_TYPE, type SheetColumn } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { badRequest, parse } from '../../platform/http/errors';
import { partySums } from './reconcile-repo';
import { periodRefusal, reconciliation, type ReconcileParty, type Reconciliation, type ReconcileRow } from './reconcile-rules';

/** 对账 (reconciliation): `POST /api/settlement/reconcile` and its Excel, `POST /api/settlement/reconcile/export`. */
export const RECONCILE_PERMISSIONS = { view: 'settlement_reconcile_view', export: 'settlement_reconcile_export' } as const;
/** its leaf under 结算管理 (the web's page settlement/reconcile) */
export const RECONCILE_MENU = '/settlement/reconcile';

export const reconcileBody = z.strictObject({
  party: z.enum(['vendor', 'customer', 'carrier'], { error: '对账对象应为 vendor、customer 或 carrier' }),
  from: plantDate('开始日期'),
  to: plantDate('结束日期'),
  partyId: idSchema.nullish(),
});

const PARTY_WORDS: Record<ReconcileParty, string> = { vendor: '供应商', customer: '客户', carrier: '承运商' };

export async function readReconciliation(db: Database, orgId: string, body: unknown): Promise<Reconciliation> {
  const q = parse(reconcileBody, body ?? {});
  const refused = periodRefusal(q.from, q.to);
  if (refused) throw badRequest(refused.message, refused.field);
  return reconciliation(q.party, q.from, q.to, await partySums(db, orgId, q.party, q.from, q.to, q.partyId ?? null));
}

const COLUMNS = (party: ReconcileParty): SheetColumn[] => [
  { header: PARTY_WORDS[party], key: 'partyName', width: 28 },
  { header: '过磅车数', key: 'weighedCount', width: 10 }, { header: '过磅净重(吨)', key: 'weighedTons', width: 14 }, { header: '磅单金额', key: 'weighedAmount', width: 16 },
  { header: '已结算车数', key: 'settledCount', width: 10 }, { header: '已结算净重(吨)', key: 'settledTons', width: 14 }, { header: '结算金额', key: 'settledAmount', width: 16 },
  { header: '未结算车数', key: 'unsettledCount', width: 10 }, { header: '未结算净重(吨)', key: 'unsettledTons', width: 14 }, { header: '未结算金额', key: 'unsettledAmount', width: 16 },
  { header: '结算单数', key: 'settlementCount', width: 10 }, { header: '结算单合计', key: 'settlementTotal', width: 16 },
  { header: '已开票', key: 'invoicedAmount', width: 16 }, { header: '已付款', key: 'paidAmount', width: 16 }, { header: '未付款', key: 'unpaidAmount', width: 16 },
];

const NUMBER_KEYS = ['weighedTons', 'weighedAmount', 'settledTons', 'settledAmount', 'unsettledTons', 'unsettledAmount', 'settlementTotal', 'invoicedAmount', 'paidAmount', 'unpaidAmount'] as const;
const cells = (r: Omit<ReconcileRow, 'partyId' | 'partyName'> & { partyName: string }) => ({
  ...r, ...Object.fromEntries(NUMBER_KEYS.map((k) => [k, Number(r[k])])),
});

export function reconcileSheet(rec: Reconciliation): Readable {
  return streamSheet('对账', COLUMNS(rec.party), [...rec.rows.map(cells), cells({ ...rec.total, partyName: '合计' })]);
}

export function reconcileRoutes(app: FastifyInstance, db: Database): void {
  const access = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });
  app.post('/api/settlement/reconcile', access(RECONCILE_PERMISSIONS.view), async (request) => ok(await readReconciliation(db, request.caller.orgId, request.body)));
  app.post('/api/settlement/reconcile/export', access(RECONCILE_PERMISSIONS.export), async (request, reply) => {
    const rec = await readReconciliation(db, request.caller.orgId, request.body);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`对账_${PARTY_WORDS[rec.party]}_${rec.from}_${rec.to}.xlsx`)).send(reconcileSheet(rec));
  });
}
