import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn } from '../masterdata/shared/fields';
import { formatName, materialName, number, searchable, text, vendorName } from './fields';
import { RECHECK_OPTIONS } from './formats';
import { SAMPLE_STATE_OPTIONS } from './read';

/**
 * The sample lists. 化验单 and 复检 are the lab's: a sample is its blind code, material, format,
 * day and state; no column names a vendor, a ticket or a plate (the lab-blindness test reads
 * them). 取样记录 is the sampling staff's and holds the map: the trucks behind each code.
 */
export const ASSAY_LIST = 'quality.assay.list';
export const RECHECK_LIST = 'quality.recheck.list';
export const SAMPLE_LIST = 'quality.sample.list';
export const LOG_LIST = 'quality.log.list';

const stateColumn: FieldDef = {
  fieldName: 'state', fieldExplain: '样品状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', options: SAMPLE_STATE_OPTIONS,
  iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 100,
};
const labColumns: FieldDef[] = [
  text('blindCode', '制样编码', 'Blind code', 't.blind_code', { ...searchable, isortField: true, fixed: 'left', columnWidth: 130 }),
  stateColumn,
  text('materialName', '物料', 'Material', materialName(), { ...searchable, columnWidth: 150 }),
  text('formatName', '化验模板', 'Assay format', formatName(), { columnWidth: 150 }),
  { fieldName: 'sampledOn', fieldExplain: '取样日期', fieldExplainEn: 'Sampled on', fieldType: 'DATE', columnSql: 't.sampled_on', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 110 },
  number('sampleCount', '样品份数', 'Portions', 't.sample_count'),
  number('round', '化验轮次', 'Round', 't.round', { columnWidth: 80 }),
  { fieldName: 'checkedAt', fieldExplain: '审核时间', fieldExplainEn: 'Checked', fieldType: 'DATE', columnSql: 't.checked_at', isortField: true, columnWidth: 170 },
  { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
];

export const assayListTemplate = defineListTemplate({
  formatCode: ASSAY_LIST, formatName: '化验单', formatNameEn: 'Assays', mainTable: 'qm_sample',
  resUrl: '/api/quality/assay/v2/list', menuPath: '/quality/assay', fields: labColumns,
});

/**
 * Each item's first, recheck and final value, as 名称 首检 / 复检 / 最终 (a dash where none yet), so
 * the 复检 list shows what the recheck changed; lab data only, by the sample's format.
 */
const roundValue = (round: 1 | 2) => `coalesce((SELECT trim_scale(r.value)::text FROM qm_result r WHERE r.sample_id = t.id AND r.round = ${round} AND r.item_id = l.item_id), '-')`;
const recheckValuesSql = `(SELECT string_agg(i.item_name || ' ' || ${roundValue(1)} || ' / ' || ${roundValue(2)} || ' / '
  || coalesce((SELECT trim_scale(v.value)::text FROM qm_sample_value v WHERE v.sample_id = t.id AND v.item_id = l.item_id), '-'), '；' ORDER BY l.seq, l.id)
  FROM qm_format_item l JOIN qm_assay_item i ON i.id = l.item_id WHERE l.format_id = t.format_id)`;

export const recheckListTemplate = defineListTemplate({
  formatCode: RECHECK_LIST, formatName: '复检', formatNameEn: 'Rechecks', mainTable: 'qm_sample',
  resUrl: '/api/quality/recheck/v2/list', menuPath: '/quality/recheck',
  fields: [
    ...labColumns,
    { fieldName: 'recheckMode', fieldExplain: '复检方式', fieldExplainEn: 'Recheck', fieldType: 'ENUM', columnSql: '(SELECT f.recheck_mode FROM qm_format f WHERE f.id = t.format_id)', options: RECHECK_OPTIONS, columnWidth: 120 },
    text('recheckReason', '复检原因', 'Recheck reason', 't.recheck_reason', { columnWidth: 200 }),
    text('recheckValues', '首检 / 复检 / 最终', 'First / recheck / final', recheckValuesSql, { columnWidth: 420 }),
  ],
});

const tickets = (expr: string) => `(SELECT string_agg(${expr}, '、' ORDER BY w.id) FROM qm_sample_ticket st JOIN wb_ticket w ON w.id = st.ticket_id WHERE st.sample_id = t.id)`;

export const sampleListTemplate = defineListTemplate({
  formatCode: SAMPLE_LIST, formatName: '取样记录', formatNameEn: 'Samples taken', mainTable: 'qm_sample', ownerColumn: 'created_by',
  resUrl: '/api/quality/sample/v2/list', menuPath: '/quality/sample',
  fields: [
    ...labColumns.slice(0, 3),
    text('vendorName', '供应商', 'Vendor', vendorName(), { ...searchable, columnWidth: 180 }),
    number('truckCount', '车数', 'Trucks', 't.truck_count', { columnWidth: 70 }),
    text('ticketNos', '磅单号', 'Tickets', tickets('w.ticket_no'), { columnWidth: 260 }),
    text('plateNumbers', '车牌号', 'Plates', tickets('w.plate_number'), { columnWidth: 200 }),
    ...labColumns.slice(3),
  ],
});

const LOG_ACTION_OPTIONS = [
  { value: 'ENTER', label: '录入', labelEn: 'Entered' }, { value: 'DERIVE', label: '公式计算', labelEn: 'Derived' },
  { value: 'CHECK', label: '审核', labelEn: 'Checked' }, { value: 'RECHECK', label: '复检', labelEn: 'Recheck' },
];

/** 化验日志: every change of a result, check and recheck of the company, by blind code (the lab's). */
export const logListTemplate = defineListTemplate({
  formatCode: LOG_LIST, formatName: '化验日志', formatNameEn: 'Assay log', mainTable: 'qm_log',
  resUrl: '/api/quality/log/v2/list', menuPath: '/quality/log',
  fields: [
    text('blindCode', '制样编码', 'Blind code', '(SELECT s.blind_code FROM qm_sample s WHERE s.id = t.sample_id)', { ...searchable, columnWidth: 130 }),
    number('round', '化验轮次', 'Round', 't.round', { columnWidth: 80 }),
    { fieldName: 'action', fieldExplain: '操作', fieldExplainEn: 'Action', fieldType: 'ENUM', columnSql: 't.action', options: LOG_ACTION_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    text('itemName', '化验项目', 'Item', '(SELECT i.item_name FROM qm_assay_item i WHERE i.id = t.item_id)', { ...searchable }),
    number('beforeValue', '修改前', 'Before', 'trim_scale(t.before_value)'),
    number('afterValue', '修改后', 'After', 'trim_scale(t.after_value)'),
    text('actorName', '操作人', 'By', 't.actor_name', { ...searchable }),
    { fieldName: 'at', fieldExplain: '时间', fieldExplainEn: 'At', fieldType: 'DATE', columnSql: 't.at', iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
  ],
});

export const SAMPLE_TEMPLATES = [assayListTemplate, recheckListTemplate, sampleListTemplate, logListTemplate];
