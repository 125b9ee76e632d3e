import type { ChildRow, DocumentChildren, DocumentFamily } from '../../../platform/documents/define';
import { masterChildForm } from '../../../platform/documents/master-child-form';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';
import { CONTROL_POINTS, linePointProblem, type Direction } from './points';

/**
 * 线路: the control points a truck passes, in order. The line's form edits its points as child
 * rows (their order is the route's), checked as a whole under the line's lock on every write.
 */
const DIRECTIONS = [{ value: 'SHIP', label: '发货', labelEn: 'Ship' }, { value: 'RECEIVE', label: '收货', labelEn: 'Receive' }];
const enabledForm: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };
const remarkForm: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };

const pointsInOrder = `(SELECT string_agg(CASE p.point ${CONTROL_POINTS.map((c) => `WHEN '${c.value}' THEN '${c.label}'`).join(' ')} END, '→' ORDER BY p.seq)
  FROM md_line_point p WHERE p.line_id = t.id)`;

const lineList = defineListTemplate({
  formatCode: 'masterdata.line.list', formatName: '线路', formatNameEn: 'Lines', mainTable: 'md_line', resUrl: '/api/masterdata/line/v2/list', menuPath: '/masterdata/line',
  fields: [
    { fieldName: 'lineCode', fieldExplain: '线路编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.line_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'lineName', fieldExplain: '线路名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.line_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'direction', fieldExplain: '收发方向', fieldExplainEn: 'Direction', fieldType: 'ENUM', columnSql: 't.direction', options: DIRECTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'points', fieldExplain: '控制点', fieldExplainEn: 'Control points', fieldType: 'TEXT', columnSql: pointsInOrder, columnWidth: 460 },
    { fieldName: 'dwellMinutes', fieldExplain: '预计停留分钟', fieldExplainEn: 'Expected minutes', fieldType: 'NUMBER', columnWidth: 110,
      columnSql: '(SELECT sum(p.dwell_minutes) FROM md_line_point p WHERE p.line_id = t.id)' },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const lineResource = defineTemplate({
  formatCode: 'masterdata.line.resource', formatName: '选择线路', formatNameEn: 'Select line', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_line', resMethod: 'POST', resUrl: '/api/masterdata/line/v2/list', valueResourceSubName: 'lineCode', viewResourceSubName: 'lineName',
  fields: lineList.fields.filter((f) => ['lineCode', 'lineName', 'direction'].includes(f.fieldName)),
});
const lineForms = formTemplates({ formatCode: 'masterdata.line', formatName: '线路', formatNameEn: 'line', prefix: 'md_line', mainTable: 'md_line' }, [
  { fieldName: 'lineCode', fieldExplain: '线路编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.line_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'lineName', fieldExplain: '线路名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.line_name', irequired: true },
  { fieldName: 'direction', fieldExplain: '收发方向', fieldExplainEn: 'Direction', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.direction', options: DIRECTIONS, irequired: true },
  { fieldName: 'transitMinutes', fieldExplain: '在途时长(分钟)', fieldExplainEn: 'Time on the road (min)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.transit_minutes',
    tipsMessage: '供应商发车到进厂通常需要的分钟数；该线路历史到厂记录不足 3 次时，采购物流按它预计到厂时间' },
  remarkForm, enabledForm,
]);

// The points as the line form's child table edits them; the table's order is the route.
const pointColumns: FieldDef[] = [
  { fieldName: 'point', fieldExplain: '控制点', fieldExplainEn: 'Control point', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.point', options: [...CONTROL_POINTS], irequired: true, columnWidth: 160 },
  { fieldName: 'openHours', fieldExplain: '开放时间', fieldExplainEn: 'Open hours', fieldType: 'TEXT', formSubmitType: 'TIME_RANGE_BOX', columnSql: 't.open_hours', columnWidth: 200,
    tipsMessage: '车辆可通过该控制点的时间段，留空则全天开放' },
  { fieldName: 'dwellMinutes', fieldExplain: '停留分钟', fieldExplainEn: 'Dwell (min)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.dwell_minutes', itotal: true, columnWidth: 100 },
  { fieldName: 'pointEnabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', defaultValue: 'true', columnWidth: 80 },
  { fieldName: 'pointRemark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.remark', columnWidth: 220 },
];
const [lineCreate, lineUpdate] = lineForms.map((f) => masterChildForm({ ...f, remark: '控制点按车辆经过的顺序排列：进厂在过磅之前，出厂在最后' }, 'md_line_point', pointColumns));


/** The route's rules over the points as they will be, naming the row of the point that breaks one. */
function routeProblems(rows: ChildRow[], direction: Direction) {
  const points = rows.map((r) => ({ seq: Number(r.values.pointSeq), point: String(r.values.point) }));
  const problem = linePointProblem(points, direction);
  if (!problem) return [];
  const at = points.findIndex((p) => p.seq === problem.seq);
  return [{ row: at >= 0 ? at + 1 : null, field: 'point', message: problem.message }];
}

/** A line's control points: each point once, their order (seq from 1) the route's. */
const linePoints: DocumentChildren = {
  label: '控制点', table: 'md_line_point', parentColumn: 'line_id',
  fields: [
    { name: 'point', column: 'point', label: '控制点', type: 'enum', required: true, unique: true, options: CONTROL_POINTS },
    { name: 'pointSeq', column: 'seq', label: '顺序号', type: 'integer' },
    { name: 'openHours', column: 'open_hours', label: '开放时间', type: 'timeRange' },
    { name: 'dwellMinutes', column: 'dwell_minutes', label: '停留分钟', type: 'integer', min: 0, below: 1440 },
    { name: 'pointEnabled', column: 'enabled', label: '启用', type: 'boolean', default: true },
    { name: 'pointRemark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ],
  readFields: [...readFieldsOf({ ...lineCreate, fields: pointColumns }), { name: 'pointSeq', sql: 't.seq' }],
  seq: { field: 'pointSeq', column: 'seq' },
  // runs on every write of the line, under its lock: turning a line round (shipping to receiving)
  // must suit the order its points weigh in, as must a new set of points
  checkWrite: async (_tx, _who, _id, header, rows) => routeProblems(rows, header.direction as Direction),
};

export const lineFamily: DocumentFamily = {
  label: '线路', base: '/api/masterdata/line', permissionPrefix: 'md_line', table: 'md_line', scope: { kind: 'org' },
  code: { field: 'lineCode', column: 'line_code' },
  numbering: { docKind: 'md.line', fallback: { prefix: 'XL', datePattern: null, serialWidth: 3, resetPeriod: 'NEVER' } },
  fields: [
    { name: 'lineCode', column: 'line_code', label: '线路编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
    { name: 'lineName', column: 'line_name', label: '线路名称', type: 'text', required: true, maxLength: 60 },
    { name: 'direction', column: 'direction', label: '收发方向', type: 'enum', required: true, options: DIRECTIONS },
    { name: 'transitMinutes', column: 'transit_minutes', label: '在途时长(分钟)', type: 'integer', min: 1, below: 10081 },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: lineList, resourceTemplate: lineResource, forms: [lineCreate, lineUpdate],
  readFields: readFieldsOf({ ...lineCreate, fields: lineCreate.fields.filter((f) => !f.customTable) }),
  // a new route is most often an old one with a point more or less
  copy: 'one', copyMarks: 'line_name', children: linePoints,
};
