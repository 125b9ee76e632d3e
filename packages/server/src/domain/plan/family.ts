import type { DocField, DocumentFamily } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { remarkField } from '../masterdata/shared/fields';
import { materialIdField, tonsField } from '../stock/fields';
import { monthTasksOf, stampAudit } from './repo';
import { monthProblem, monthTaskWarning } from './rules';
import { TARGET_MESSAGE, targetProblem } from '../masterdata/calc-group/rules';
import {
  DAY_TABLE, dayCreateForm, dayListTemplate, dayReadFields, dayUpdateForm,
  MONTH_TABLE, monthCreateForm, monthListTemplate, monthReadFields, monthUpdateForm,
} from './templates';

/**
 * The plans on the document engine: typed free, audited to count (an audited day plan controls the
 * customer's registries of that day), un-audited to change; only a free plan is edited or deleted.
 */
export const planLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Lifecycle;

type StateHook = NonNullable<DocumentFamily['onStateAction']>;

/** Who audited a plan and when, as the lists show it: stamped by audit, cleared by un-audit. */
const stamped = (table: 'sa_plan_month' | 'sa_plan_day'): StateHook => async (tx, who, action, ids) => {
  if (action === 'audit' || action === 'unaudit') await stampAudit(tx, table, who.orgId, ids, action === 'audit' ? who.userId : null);
  return [];
};

/** A day plan's audit is stamped and warns where the month's day plans pass its monthly plan (rules.ts). */
const dayPlanStateAction: StateHook = async (tx, who, action, ids) => {
  await stamped(DAY_TABLE)(tx, who, action, ids);
  if (action !== 'audit') return [];
  const warnings = (await monthTasksOf(tx, who.orgId, ids)).map(monthTaskWarning).filter((w): w is string => w !== null);
  return { problems: [], warnings };
};

const customerIdField: DocField = {
  name: 'customerId', column: 'customer_id', label: '客户', type: 'id', required: true,
  byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' },
};
const tripsField: DocField = { name: 'trips', column: 'trips', label: '计划车数', type: 'integer', required: true, min: 0, below: 1e6 };
const planNoField: DocField = { name: 'planNo', column: 'plan_no', label: '计划单号', type: 'text', updatable: false, unique: true, maxLength: 40 };

export const monthPlanFamily: DocumentFamily = {
  label: '月计划', base: '/api/sale/plan/month', permissionPrefix: 'sale_plan_month', table: MONTH_TABLE, scope: { kind: 'org' },
  code: { field: 'planNo', column: 'plan_no' },
  numbering: { docKind: 'sale.plan.month', fallback: { prefix: 'YJH', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    planNoField, customerIdField, materialIdField,
    { name: 'planMonth', column: 'plan_month', label: '计划月份', type: 'text', required: true, maxLength: 7, normalise: (v) => v.trim(), check: monthProblem },
    tonsField('tons', 'tons', '计划吨数'), tripsField, remarkField,
  ],
  lifecycle: planLifecycle, statusColumn: 'doc_status',
  onStateAction: stamped(MONTH_TABLE),
  listTemplate: monthListTemplate, forms: [monthCreateForm, monthUpdateForm], readFields: monthReadFields,
  copy: 'none', datax: false, import: true,
  constraintMessages: {
    sa_plan_month_one: { field: 'planMonth', message: '该客户该物料本月已有月计划' },
    sa_plan_month_month: { field: 'planMonth', message: '计划月份应为 yyyy-MM，如 2026-11' },
  },
};

export const dayPlanFamily: DocumentFamily = {
  label: '日计划', base: '/api/sale/plan/day', permissionPrefix: 'sale_plan_day', table: DAY_TABLE, scope: { kind: 'org' },
  code: { field: 'planNo', column: 'plan_no' },
  numbering: { docKind: 'sale.plan.day', fallback: { prefix: 'RJH', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    planNoField, customerIdField, { ...materialIdField, required: false },
    // a day plan may name a computation group: one quota for every material of the group (migration 080)
    { name: 'calcGroupId', column: 'calc_group_id', label: '计算组', type: 'id',
      byCode: { name: 'calcGroupCode', label: '计算组编码', table: 'md_calc_group', codeColumn: 'group_code', scope: 'org' } },
    { name: 'planDate', column: 'plan_date', label: '计划日期', type: 'date', required: true },
    tonsField('tons', 'tons', '计划吨数'), tripsField, remarkField,
  ],
  lifecycle: planLifecycle, statusColumn: 'doc_status',
  onStateAction: dayPlanStateAction,
  listTemplate: dayListTemplate, forms: [dayCreateForm, dayUpdateForm], readFields: dayReadFields,
  copy: 'none', datax: false, import: true,
  validate: (v) => {
    const target = targetProblem(v.materialId, v.calcGroupId);
    return target ? [{ field: 'materialId', message: target }] : [];
  },
  constraintMessages: {
    sa_plan_day_one: { field: 'planDate', message: '该客户该物料当天已有日计划' },
    sa_plan_day_group_one: { field: 'planDate', message: '该客户该计算组当天已有日计划' },
    sa_plan_day_target: { field: 'materialId', message: TARGET_MESSAGE },
  },
};

export const PLAN_FAMILIES: DocumentFamily[] = [monthPlanFamily, dayPlanFamily];
