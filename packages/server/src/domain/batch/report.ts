import { type ReportDefinition, reportDefinitionSchema } from '@wb/protocol';
import { badRequest } from '../../platform/http/errors';
import { ROLE } from '../../platform/menu/define';
import type { ReportDataset } from '../../platform/reports/dataset';
import { shippedSql } from './columns';

/**
 * 批次质量报告 (a built-in report of 报表中心): the quality family keeps no report per production
 * batch, so the batch's own record is its report: its product, silo, opening, declared quantity,
 * shipped and remaining quantity, its test values (检验值), and each of its tickets (the customer,
 * truck and net), one group per batch. Batches are chosen by number (a part of it) or by the day
 * they were opened.
 */
export const BATCH_QUALITY_PERMISSION = 'report_batch_quality_view';
export const BATCH_QUALITY_ROLES = [ROLE.operator, ROLE.quality, ROLE.sampler, 'ROLE_SALES_MANAGER'];

/** The most batches one report reads. */
const MAX_BATCHES = 200;

const text = (value: unknown, field: string, title: string, max: number): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) throw badRequest(`${title}：无效`, field);
  return value.trim() || null;
};

export const batchQualityDataset: ReportDataset = {
  key: 'batch.quality',
  name: '批次质量报告',
  nameEn: 'Batch quality report',
  permission: BATCH_QUALITY_PERMISSION,
  executor: 'app',
  params: [
    { key: 'batchNo', title: '批次号', titleEn: 'Batch no.', type: 'text' },
    { key: 'openedOn', title: '开仓日期', titleEn: 'Opened on', type: 'dateRange' },
  ],
  fields: [
    { key: 'batchNo', title: '批次号', titleEn: 'Batch no.', type: 'text' },
    { key: 'materialCode', title: '物料编码', titleEn: 'Material code', type: 'text' },
    { key: 'materialName', title: '产品', titleEn: 'Product', type: 'text' },
    { key: 'siloName', title: '筒仓', titleEn: 'Silo', type: 'text' },
    { key: 'openedAt', title: '开仓时间', titleEn: 'Opened at', type: 'datetime' },
    { key: 'closedAt', title: '关闭时间', titleEn: 'Closed at', type: 'datetime' },
    { key: 'quantity', title: '申报数量(吨)', titleEn: 'Declared (t)', type: 'weight' },
    { key: 'shipped', title: '已发量(吨)', titleEn: 'Shipped (t)', type: 'weight' },
    { key: 'remaining', title: '剩余量(吨)', titleEn: 'Remaining (t)', type: 'weight' },
    { key: 'testValues', title: '检验值', titleEn: 'Test values', type: 'text' },
    { key: 'ticketNo', title: '磅单号', titleEn: 'Ticket no.', type: 'text' },
    { key: 'plateNumber', title: '车牌号', titleEn: 'Plate', type: 'text' },
    { key: 'customerName', title: '客户', titleEn: 'Customer', type: 'text' },
    { key: 'completedAt', title: '完成时间', titleEn: 'Completed at', type: 'datetime' },
    { key: 'net', title: '净重(吨)', titleEn: 'Net (t)', type: 'weight', total: true },
  ],
  query(input) {
    const values: unknown[] = [];
    const v = (x: unknown) => (values.push(x), `$${values.length}`);
    const batchNo = text(input.params.batchNo, 'batchNo', '批次号', 40);
    const from = text(input.params.openedOnFrom, 'openedOnFrom', '开仓日期（起）', 10);
    const to = text(input.params.openedOnTo, 'openedOnTo', '开仓日期（止）', 10);
    for (const [day, field] of [[from, 'openedOnFrom'], [to, 'openedOnTo']] as const) {
      if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badRequest('开仓日期：应为 yyyy-MM-dd', field);
    }
    const where = [`b.org_id = ${v(input.orgId)}`];
    if (batchNo) where.push(`b.batch_no ILIKE ${v(`%${batchNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    // the plant's day: from its midnight in PLANT_TIME_ZONE to the next one
    if (from) where.push(`b.opened_at >= (${v(from)}::date)::timestamp AT TIME ZONE ${v(input.timeZone)}`);
    if (to) where.push(`b.opened_at < ((${v(to)}::date + 1)::timestamp AT TIME ZONE ${v(input.timeZone)})`);
    const counted = `t.state IN ('COMPLETED', 'AUDITED', 'POSTED')`;
    return {
      text: `
        WITH bs AS (
          SELECT b.id, b.org_id, b.batch_no, b.material_code, b.silo_id, b.opened_at, b.closed_at, b.quantity, b.test_values, ${shippedSql('b')} AS shipped
            FROM md_batch b WHERE ${where.join(' AND ')} ORDER BY b.batch_no LIMIT ${MAX_BATCHES})
        SELECT bs.batch_no AS "batchNo", bs.material_code AS "materialCode",
               (SELECT m.inv_name FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id
                 WHERE a.org_id = bs.org_id AND m.inv_code = bs.material_code LIMIT 1) AS "materialName",
               (SELECT s.silo_name FROM md_silo s WHERE s.org_id = bs.org_id AND s.id = bs.silo_id) AS "siloName",
               bs.opened_at AS "openedAt", bs.closed_at AS "closedAt", bs.quantity AS quantity, bs.shipped AS shipped,
               bs.quantity - bs.shipped AS remaining,
               (SELECT string_agg(concat(x->>'item', ' ', x->>'value', coalesce(x->>'unit', '')), '；' ORDER BY n)
                  FROM jsonb_array_elements(bs.test_values) WITH ORDINALITY AS e(x, n)) AS "testValues",
               t.ticket_no AS "ticketNo", t.plate_number AS "plateNumber", c.customer_name AS "customerName", t.completed_at AS "completedAt",
               CASE WHEN t.source_ticket_id IS NULL THEN t.net ELSE -t.net END AS net
          FROM bs
          LEFT JOIN wb_ticket t ON t.org_id = bs.org_id AND t.batch_id = bs.id AND ${counted}
          LEFT JOIN md_customer c ON c.id = t.customer_id`,
      values,
    };
  },
};

export const BATCH_QUALITY_REPORT: ReportDefinition = reportDefinitionSchema.parse({
  code: 'batchQuality',
  name: '批次质量报告',
  nameEn: 'Batch quality report',
  source: { kind: 'dataset', key: 'batch.quality' },
  columns: [
    { field: 'batchNo', title: '批次号', titleEn: 'Batch no.', width: 120 },
    { field: 'materialName', title: '产品', titleEn: 'Product', width: 120 },
    { field: 'siloName', title: '筒仓', titleEn: 'Silo', width: 100 },
    { field: 'quantity', title: '申报数量(吨)', titleEn: 'Declared (t)', align: 'right', width: 100, head: 'batch' },
    { field: 'remaining', title: '剩余量(吨)', titleEn: 'Remaining (t)', align: 'right', width: 100, head: 'batch' },
    { field: 'testValues', title: '检验值', titleEn: 'Test values', width: 220, head: 'batch' },
    { field: 'ticketNo', title: '磅单号', titleEn: 'Ticket no.', width: 150, head: 'tickets' },
    { field: 'plateNumber', title: '车牌号', titleEn: 'Plate', width: 100, head: 'tickets' },
    { field: 'customerName', title: '客户', titleEn: 'Customer', width: 180, head: 'tickets' },
    { field: 'completedAt', title: '完成时间', titleEn: 'Completed at', width: 150, head: 'tickets' },
    { field: 'net', title: '净重(吨)', titleEn: 'Net (t)', align: 'right', total: 'sum', width: 100, head: 'tickets' },
  ],
  heads: [
    { id: 'batch', title: '批次', titleEn: 'Batch' },
    { id: 'tickets', title: '发货磅单', titleEn: 'Tickets shipped' },
  ],
  groupBy: ['batchNo'],
  sort: [{ key: 'batchNo', dir: 'asc' }, { key: 'completedAt', dir: 'asc' }],
  page: { size: 'A4', orientation: 'landscape', subtitle: '单位：吨' },
  roles: BATCH_QUALITY_ROLES,
});
