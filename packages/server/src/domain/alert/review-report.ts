import { ALERT_PERMISSIONS, type ReportColumn, type ReportDefinition, reportDefinitionSchema } from '@wb/protocol';
import { badRequest } from '../../platform/http/errors';
import type { ReportDataset } from '../../platform/reports/dataset';
import { addDays, readRange } from '../report-builtin/rules';
import { Sql } from '../report-builtin/sql';
import { ALERT_RULES } from './settings';

/**
 * 预警统计 (报表中心): the alerts of a period per rule, operator and vendor or customer, with how
 * they were found (open, fraud, error, normal). A period is a range of plant days, both inclusive,
 * over the instant the alert's evidence happened (occurred_at), cut in the plant's zone.
 */

export const ALERT_REPORT_ROLES = ['ROLE_GENERAL_MANAGER', 'ROLE_ACCOUNTANT'];

const RULE_OPTIONS = ALERT_RULES.map((r) => ({ value: r.rule, label: r.label, labelEn: r.labelEn }));

export const alertDataset: ReportDataset = {
  key: 'alert.summary',
  name: '预警统计',
  nameEn: 'Alert summary',
  permission: ALERT_PERMISSIONS.report,
  executor: 'app',
  params: [
    { key: 'period', title: '期间', titleEn: 'Period', type: 'dateRange', required: true, default: '${monthStart},${today}' },
    { key: 'rule', title: '预警规则', titleEn: 'Rule', type: 'select', options: RULE_OPTIONS },
  ],
  fields: [
    { key: 'ruleLabel', title: '预警规则', titleEn: 'Rule', type: 'text' },
    { key: 'operatorName', title: '司磅员', titleEn: 'Operator', type: 'text' },
    { key: 'partyName', title: '往来单位', titleEn: 'Vendor or customer', type: 'text' },
    { key: 'alerts', title: '预警数', titleEn: 'Alerts', type: 'int', total: true },
    { key: 'open', title: '未关闭', titleEn: 'Not closed', type: 'int', total: true },
    { key: 'fraud', title: '舞弊', titleEn: 'Fraud', type: 'int', total: true },
    { key: 'error', title: '差错', titleEn: 'Error', type: 'int', total: true },
    { key: 'normal', title: '正常', titleEn: 'Normal', type: 'int', total: true },
  ],
  query(input) {
    const q = new Sql();
    const { from, to } = readRange(input.params, 'period', '期间');
    const rule = input.params.rule === undefined || input.params.rule === null || input.params.rule === '' ? null : String(input.params.rule);
    if (rule !== null && !RULE_OPTIONS.some((o) => o.value === rule)) throw badRequest('预警规则：无效', 'rule');
    const start = q.dayStart(from, input.timeZone);
    const end = q.dayStart(addDays(to, 1), input.timeZone);
    const org = q.v(input.orgId);
    const labels = q.v(JSON.stringify(Object.fromEntries(ALERT_RULES.map((r) => [r.rule, r.label]))));
    const text = `
      SELECT coalesce(${labels}::jsonb->>a.rule, a.rule) AS "ruleLabel", op.real_name AS "operatorName",
             coalesce(pv.vendor_name, pc.customer_name) AS "partyName",
             count(*)::int AS alerts,
             count(*) FILTER (WHERE a.status <> 'CLOSED')::int AS open,
             count(*) FILTER (WHERE a.finding = 'FRAUD')::int AS fraud,
             count(*) FILTER (WHERE a.finding = 'ERROR')::int AS error,
             count(*) FILTER (WHERE a.finding = 'NORMAL')::int AS normal
        FROM wb_alert a
        LEFT JOIN sys_user op ON op.id = a.operator_id
        LEFT JOIN md_vendor pv ON a.party_kind = 'VENDOR' AND pv.id = a.party_id
        LEFT JOIN md_customer pc ON a.party_kind = 'CUSTOMER' AND pc.id = a.party_id
       WHERE a.org_id = ${org} AND a.occurred_at >= ${start} AND a.occurred_at < ${end}
             ${rule ? `AND a.rule = ${q.v(rule)}` : ''}
       GROUP BY 1, 2, 3`;
    return q.query(text);
  },
};

const col = (field: string, title: string, titleEn: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, title, titleEn, ...extra });
const num = (field: string, title: string, titleEn: string, head: string): ReportColumn =>
  col(field, title, titleEn, { align: 'right', total: 'sum', width: 80, head });

export const ALERT_REPORT: ReportDefinition = reportDefinitionSchema.parse({
  code: 'alert',
  name: '预警统计',
  nameEn: 'Alert summary',
  source: { kind: 'dataset', key: 'alert.summary' },
  columns: [
    col('ruleLabel', '预警规则', 'Rule', { width: 140 }),
    col('operatorName', '司磅员', 'Operator', { width: 110 }),
    col('partyName', '往来单位', 'Vendor or customer', { width: 200 }),
    num('alerts', '预警数', 'Alerts', 'count'),
    num('open', '未关闭', 'Not closed', 'count'),
    num('fraud', '舞弊', 'Fraud', 'finding'),
    num('error', '差错', 'Error', 'finding'),
    num('normal', '正常', 'Normal', 'finding'),
  ],
  heads: [
    { id: 'count', title: '预警', titleEn: 'Alerts' },
    { id: 'finding', title: '结论', titleEn: 'Finding' },
  ],
  groupBy: ['ruleLabel'],
  sort: [{ key: 'ruleLabel', dir: 'asc' }, { key: 'operatorName', dir: 'asc' }, { key: 'partyName', dir: 'asc' }],
  chart: { type: 'bar', x: 'ruleLabel', series: ['fraud', 'error', 'normal'] },
  page: { size: 'A4', orientation: 'landscape' },
  roles: ALERT_REPORT_ROLES,
});
