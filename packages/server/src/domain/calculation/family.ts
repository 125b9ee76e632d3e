import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { readFieldsOf } from '../masterdata/shared/fields';
import { isPeerCompany } from '../notice/repo';
import { calcBase, calcPermission, calcView, CALC_KINDS, type CalcKind } from './kinds';
import { calculationLifecycle, LOCK_STATE_WORDS } from './rules';
import { calculationForms, calculationListTemplate } from './templates';

/**
 * The two calculations on the document engine: list, get, create, update, delList and export. The
 * engine edits and deletes an open calculation only (rules.ts calculationLifecycle on lock_state);
 * 计算, 锁磅 and 解锁 are the module's own actions (module.ts).
 */
const id = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', ...extra });

function fields(kind: CalcKind): DocField[] {
  const party = kind === 'sa'
    ? id('customerId', 'customer_id', '客户', { required: true, byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' } })
    : id('peerOrgId', 'peer_org_id', '收货公司', { required: true, byCode: { name: 'peerOrgCode', label: '收货公司编码', table: 'sys_org', codeColumn: 'org_code', scope: 'group' } });
  return [
    { name: 'calcNo', column: 'calc_no', label: '计算单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    party,
    id('materialId', 'material_id', '物料', { byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } }),
    { name: 'periodFrom', column: 'period_from', label: '开始时间', type: 'datetime', required: true },
    { name: 'periodTo', column: 'period_to', label: '结束时间', type: 'datetime', required: true },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ];
}

const ROW_SQL = `(SELECT coalesce(json_agg(json_build_object(
  'seq', r.seq, 'ticketId', r.ticket_id::text, 'ticketNo', r.ticket_no, 'completedAt', r.completed_at, 'net', trim_scale(r.net)::text,
  'priceCarried', trim_scale(r.price_carried)::text, 'priceInForce', trim_scale(r.price_in_force)::text, 'priceSource', r.price_source, 'priceLabel', r.price_label,
  'priceBasis', r.price_basis, 'gaugeVolume', trim_scale(r.gauge_volume)::text,
  'amountCarried', trim_scale(r.amount_carried)::text, 'amountInForce', trim_scale(r.amount_in_force)::text, 'difference', trim_scale(r.difference)::text
) ORDER BY r.seq), '[]') FROM wb_calculation_row r WHERE r.calculation_id = t.id)`;

export function calculationFamily(kind: CalcKind): DocumentFamily {
  const k = CALC_KINDS[kind];
  const [createForm, updateForm] = calculationForms(kind);
  return {
    label: k.label, base: calcBase(kind), permissionPrefix: calcPermission(kind, '').slice(0, -1), table: calcView(kind), scope: { kind: 'org' },
    code: { field: 'calcNo', column: 'calc_no' },
    numbering: { docKind: `calculation.${kind}`, fallback: { prefix: k.prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: fields(kind),
    lifecycle: calculationLifecycle, extraState: { column: 'lock_state', words: LOCK_STATE_WORDS },
    listTemplate: calculationListTemplate(kind), forms: [createForm, updateForm],
    readFields: [
      ...readFieldsOf(createForm),
      { name: 'lockState', sql: 't.lock_state' }, { name: 'ticketCount', sql: 't.ticket_count' }, { name: 'totalNet', sql: 'trim_scale(t.total_net)::text' },
      { name: 'totalCarried', sql: 'trim_scale(t.total_carried)::text' }, { name: 'totalInForce', sql: 'trim_scale(t.total_in_force)::text' },
      { name: 'totalDifference', sql: 'trim_scale(t.total_difference)::text' }, { name: 'calculatedAt', sql: 't.calculated_at' }, { name: 'lockedAt', sql: 't.locked_at' },
      { name: 'rows', sql: ROW_SQL },
    ],
    copy: 'none', import: false, datax: false,
    validate: (v: EntityValues) => (v.periodFrom && v.periodTo && new Date(String(v.periodTo)) <= new Date(String(v.periodFrom))
      ? [{ field: 'periodTo', message: '结束时间必须晚于开始时间' }] : []),
    // the receiving company of an allot is another company of the same group
    checkWrite: kind !== 'al' ? undefined : async (tx, who, _id, values) => {
      const peer = values.peerOrgId === null || values.peerOrgId === undefined ? null : String(values.peerOrgId);
      if (peer === null) return [];
      if (peer === who.orgId) return [{ field: 'peerOrgId', message: '收货公司不能是本公司' }];
      return (await isPeerCompany(tx, who, peer)) ? [] : [{ field: 'peerOrgId', message: '收货公司不是本集团的公司' }];
    },
    constraintMessages: {
      wb_calculation_period: { field: 'periodTo', message: '结束时间必须晚于开始时间' },
      wb_calculation_peer: { field: 'peerOrgId', message: '收货公司不能是本公司' },
    },
  };
}

export const CALCULATION_FAMILIES: Record<CalcKind, DocumentFamily> = { sa: calculationFamily('sa'), al: calculationFamily('al') };
