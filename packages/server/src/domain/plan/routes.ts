import type { FastifyInstance } from 'fastify';
import { ID_PATTERN, plantMonth, type PlanChart } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { FULFILMENT_PERMISSION } from './menu';
import { monthPlanTotal, monthRows } from './repo';
import { monthChart, monthTotals, tonsText } from './rules';

export const chartQuery = z.object({
  month: plantMonth('计划月份'),
  customerId: z.string().regex(ID_PATTERN, '客户应为数字编号').optional(),
  materialId: z.string().regex(ID_PATTERN, '物料应为数字编号').optional(),
}).strict();

/**
 * GET /api/sale/plan/chart?month=yyyy-MM[&customerId][&materialId]: the month's audited day plans
 * and what was used, every day of the month, and the month's audited monthly plans summed: what
 * the plan chart draws. A read of the caller's company with the fulfilment list's right.
 */
export function planRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sale/plan/chart', { config: { access: { permission: FULFILMENT_PERMISSION } } }, async (request) => {
    const q = parse(chartQuery, request.query ?? {});
    const orgId = request.caller.orgId;
    const [rows, monthPlan] = await Promise.all([monthRows(db, orgId, q), monthPlanTotal(db, orgId, q)]);
    const days = monthChart(q.month, rows);
    const chart: PlanChart = {
      month: q.month, monthPlan: { tons: tonsText(monthPlan.tons), trips: monthPlan.trips }, days, totals: monthTotals(days, monthPlan.tons),
    };
    return ok(chart);
  });
}
