import type { FieldDef } from '../../platform/templates/define';
import { defineListTemplate } from '../../platform/templates/define';
import { createDateColumn, formTemplates, readFieldsOf, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { hiddenId, materialCodeSql, materialNameSql, materialPicker, STOCK_STATUS_OPTIONS, tonsColumn } from '../stock/fields';

/**
 * The plans' screens: the monthly plan and the day plan (list, create and update forms) and the
 * fulfilment list (计划执行情况) of the day plans beside what was used.
 */
export const MONTH_TABLE = 'sa_plan_month';
export const DAY_TABLE = 'sa_plan_day';
export const FULFILMENT_VIEW = 'sa_plan_day_fulfilment';
export const FULFILMENT_LIST_CODE = 'sale.plan.fulfilment.list';
export const FULFILMENT_URL = '/api/sale/plan/fulfilment/v2/list';

const calcGroupNameSql = '(SELECT g.group_name FROM md_calc_group g WHERE g.id = t.calc_group_id)';
const customerNameSql = '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)';
const customerCodeSql = '(SELECT c.customer_code FROM md_customer c WHERE c.id = t.customer_id)';

const customerColumns: FieldDef[] = [
  { fieldName: 'customerCode', fieldExplain: '客户编码', fieldExplainEn: 'Customer code', fieldType: 'TEXT', columnSql: customerCodeSql, columnWidth: 110 },
  { fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: customerNameSql,
    iallowQuery: true, searchType: 'input', columnWidth: 180 },
];
const materialColumns: FieldDef[] = [
  { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', columnSql: materialCodeSql('material_id'), columnWidth: 110 },
  { fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialNameSql('material_id'),
    iallowQuery: true, searchType: 'input', columnWidth: 180 },
];
const planNoColumn: FieldDef = {
  fieldName: 'planNo', fieldExplain: '计划单号', fieldExplainEn: 'Plan no.', fieldType: 'TEXT', columnSql: 't.plan_no',
  iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 150,
};
const statusColumn: FieldDef = {
  fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
  options: STOCK_STATUS_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
};
const tripsColumn = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, isortField: true, columnWidth: 100, ...extra,
});
const auditedColumn: FieldDef = { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', columnWidth: 170 };

/** The month's sales of the plan's customer and material (migration 040, sa_plan_use). */
const monthUse = (what: 'sum(u.tons)' | 'count(*)') => `(SELECT coalesce(${what}, 0) FROM sa_plan_use u
  WHERE u.org_id = t.org_id AND u.customer_id = t.customer_id AND u.material_id = t.material_id
    AND u.use_at >= (t.plan_month || '-01')::date::timestamptz AND u.use_at < ((t.plan_month || '-01')::date + interval '1 month')::timestamptz)`;
/** The month's day plans (its tasks) of the plan's customer and material. */
const monthTasks = (what: 'tons' | 'trips') => `(SELECT coalesce(sum(d.${what}), 0) FROM sa_plan_day d
  WHERE d.org_id = t.org_id AND d.customer_id = t.customer_id AND d.material_id = t.material_id AND to_char(d.plan_date, 'YYYY-MM') = t.plan_month)`;

export const monthListTemplate = defineListTemplate({
  formatCode: 'sale.plan.month.list', formatName: '月计划', formatNameEn: 'Monthly plans', mainTable: MONTH_TABLE, ownerColumn: 'created_by',
  resUrl: '/api/sale/plan/month/v2/list', menuPath: '/sale/plan-month',
  fields: [
    planNoColumn, statusColumn,
    { fieldName: 'planMonth', fieldExplain: '计划月份', fieldExplainEn: 'Month', fieldType: 'TEXT', columnSql: 't.plan_month',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 100 },
    ...customerColumns, ...materialColumns,
    tonsColumn('tons', '计划吨数', 'Planned tons', 't.tons', { displayKind: 'weight', itotal: true }),
    tripsColumn('trips', '计划车数', 'Planned trips', 't.trips', { itotal: true }),
    tonsColumn('taskTons', '日计划吨数', 'Day plan tons', monthTasks('tons'), { displayKind: 'weight', isortField: false }),
    tripsColumn('taskTrips', '日计划车数', 'Day plan trips', monthTasks('trips'), { isortField: false }),
    tonsColumn('usedTons', '已执行吨数', 'Used tons', monthUse('sum(u.tons)'), { displayKind: 'weight', isortField: false }),
    tripsColumn('usedTrips', '已执行车数', 'Used trips', monthUse('count(*)'), { isortField: false }),
    auditedColumn, remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

export const dayListTemplate = defineListTemplate({
  formatCode: 'sale.plan.day.list', formatName: '日计划', formatNameEn: 'Day plans', mainTable: DAY_TABLE, ownerColumn: 'created_by',
  resUrl: '/api/sale/plan/day/v2/list', menuPath: '/sale/plan-day',
  fields: [
    planNoColumn, statusColumn,
    { fieldName: 'planDate', fieldExplain: '计划日期', fieldExplainEn: 'Date', fieldType: 'DATE', columnSql: 't.plan_date',
      iallowQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 110 },
    ...customerColumns, ...materialColumns,
    { fieldName: 'calcGroupName', fieldExplain: '计算组', fieldExplainEn: 'Computation group', fieldType: 'TEXT', columnSql: calcGroupNameSql, columnWidth: 130 },
    tonsColumn('tons', '计划吨数', 'Planned tons', 't.tons', { displayKind: 'weight', itotal: true }),
    tripsColumn('trips', '计划车数', 'Planned trips', 't.trips', { itotal: true }),
    auditedColumn, remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

function customerPicker(table: string): FieldDef[] {
  return [
    {
      fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      columnSql: customerNameSql,
      resource: { formatCode: 'masterdata.customer.resource', map: [
        { masterTable: table, fieldName: 'customerId', from: 'id' }, { masterTable: table, fieldName: 'customerName', from: 'customerName' }] },
    },
    hiddenId('customerId', 'customer_id'),
  ];
}

const planFormFields = (table: string, when: FieldDef): FieldDef[] => [
  { fieldName: 'planNo', fieldExplain: '计划单号', fieldExplainEn: 'Plan no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plan_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  ...customerPicker(table),
  ...materialPicker(table),
  when,
  { fieldName: 'tons', fieldExplain: '计划吨数', fieldExplainEn: 'Planned tons', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.tons', irequired: true },
  { fieldName: 'trips', fieldExplain: '计划车数', fieldExplainEn: 'Planned trips', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.trips', irequired: true },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
];

export const [monthCreateForm, monthUpdateForm] = formTemplates({ formatCode: 'sale.plan.month', formatName: '月计划', formatNameEn: 'monthly plan', prefix: 'sale_plan_month', mainTable: MONTH_TABLE },
  planFormFields(MONTH_TABLE, { fieldName: 'planMonth', fieldExplain: '计划月份', fieldExplainEn: 'Month', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plan_month', irequired: true, tipsMessage: 'yyyy-MM，如 2026-11' }));

/** A day plan names a material or a computation group (one quota for all its materials). */
const dayTarget = (fields: FieldDef[]): FieldDef[] => fields.flatMap((f) => {
  if (f.fieldName !== 'invName') return [f];
  return [{ ...f, irequired: false, tipsMessage: '物料与计算组选其一' }, {
    fieldName: 'calcGroupName', fieldExplain: '计算组', fieldExplainEn: 'Computation group', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS',
    columnSql: calcGroupNameSql, resource: { formatCode: 'masterdata.computation-group.resource', map: [
      { masterTable: DAY_TABLE, fieldName: 'calcGroupId', from: 'id' }, { masterTable: DAY_TABLE, fieldName: 'calcGroupName', from: 'groupName' }] },
  }, hiddenId('calcGroupId', 'calc_group_id')];
});

export const [dayCreateForm, dayUpdateForm] = formTemplates({ formatCode: 'sale.plan.day', formatName: '日计划', formatNameEn: 'day plan', prefix: 'sale_plan_day', mainTable: DAY_TABLE },
  dayTarget(planFormFields(DAY_TABLE, { fieldName: 'planDate', fieldExplain: '计划日期', fieldExplainEn: 'Date', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.plan_date', irequired: true })));

export const monthReadFields = [...readFieldsOf(monthCreateForm), { name: 'docStatus', sql: 't.doc_status' }];
export const dayReadFields = [...readFieldsOf(dayCreateForm), { name: 'docStatus', sql: 't.doc_status' }];

/** 计划执行情况: each day plan, what was used that day (registries holding, tickets completed), what is left and the share done. */
export const fulfilmentListTemplate = defineListTemplate({
  formatCode: FULFILMENT_LIST_CODE, formatName: '计划执行情况', formatNameEn: 'Plan fulfilment', mainTable: FULFILMENT_VIEW,
  resUrl: FULFILMENT_URL, menuPath: '/sale/plan-fulfilment',
  fields: [
    { fieldName: 'planDate', fieldExplain: '计划日期', fieldExplainEn: 'Date', fieldType: 'DATE', columnSql: 't.plan_date',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'datePickerRange', fixed: 'left', columnWidth: 110 },
    { fieldName: 'planMonth', fieldExplain: '计划月份', fieldExplainEn: 'Month', fieldType: 'TEXT', columnSql: 't.plan_month',
      iallowQuery: true, searchType: 'input', columnWidth: 100 },
    ...customerColumns, ...materialColumns,
    { ...planNoColumn, fixed: undefined },
    statusColumn,
    tonsColumn('planTons', '计划吨数', 'Planned tons', 't.plan_tons', { displayKind: 'weight', itotal: true }),
    tripsColumn('planTrips', '计划车数', 'Planned trips', 't.plan_trips', { itotal: true }),
    tonsColumn('usedTons', '已用吨数', 'Used tons', 't.used_tons', { displayKind: 'weight', itotal: true }),
    tripsColumn('usedTrips', '已用车数', 'Used trips', 't.used_trips', { itotal: true }),
    tonsColumn('remainingTons', '剩余吨数', 'Remaining tons', 't.remaining_tons', { displayKind: 'weight', itotal: true }),
    tripsColumn('remainingTrips', '剩余车数', 'Remaining trips', 't.remaining_trips', { itotal: true }),
    tonsColumn('donePercent', '完成率(%)', 'Done (%)', 't.done_percent'),
    tripsColumn('tripsPercent', '车数完成率(%)', 'Trips done (%)', 't.trips_percent'),
  ],
});
