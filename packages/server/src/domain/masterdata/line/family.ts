import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';
import { CONTROL_POINTS, linePointProblem, type Direction, type LinePoint } from './points';

/**
 * 线路: the control points a truck passes, in order. The engine has no child rows, so a line's
 * points are a family of their own (line, seq, point), checked as a whole under the line's lock.
 */
const DIRECTIONS = [{ value: 'SHIP', label: '发货' }, { value: 'RECEIVE', label: '收货' }];
const enabledForm: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };
const remarkForm: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };

const pointsInOrder = `(SELECT string_agg(CASE p.point ${CONTROL_POINTS.map((c) => `WHEN '${c.value}' THEN '${c.label}'`).join(' ')} END, '→' ORDER BY p.seq)
  FROM md_line_point p WHERE p.line_id = t.id)`;

const lineList = defineListTemplate({
  formatCode: 'masterdata.line.list', formatName: '线路', mainTable: 'md_line', resUrl: '/api/masterdata/line/v2/list', menuPath: '/masterdata/line',
  fields: [
    { fieldName: 'lineCode', fieldExplain: '线路编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.line_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'lineName', fieldExplain: '线路名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.line_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'direction', fieldExplain: '收发方向', fieldExplainEn: 'Direction', fieldType: 'ENUM', columnSql: 't.direction', options: DIRECTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'points', fieldExplain: '控制点', fieldExplainEn: 'Control points', fieldType: 'TEXT', columnSql: pointsInOrder, columnWidth: 460 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const lineResource = defineTemplate({
  formatCode: 'masterdata.line.resource', formatName: '选择线路', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_line', resMethod: 'POST', resUrl: '/api/masterdata/line/v2/list', valueResourceSubName: 'lineCode', viewResourceSubName: 'lineName',
  fields: lineList.fields.filter((f) => ['lineCode', 'lineName', 'direction'].includes(f.fieldName)),
});
const [lineCreate, lineUpdate] = formTemplates({ formatCode: 'masterdata.line', formatName: '线路', prefix: 'md_line', mainTable: 'md_line' }, [
  { fieldName: 'lineCode', fieldExplain: '线路编码', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.line_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'lineName', fieldExplain: '线路名称', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.line_name', irequired: true },
  { fieldName: 'direction', fieldExplain: '收发方向', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.direction', options: DIRECTIONS, irequired: true },
  remarkForm, enabledForm,
]);

/** A line's points, leaving out the rows being rewritten or deleted. */
async function pointsOfLine(tx: Transaction<DB>, lineId: string, leaving: string[]): Promise<LinePoint[]> {
  const { rows } = await sql<LinePoint>`
    SELECT seq, point FROM md_line_point WHERE line_id = ${lineId}::bigint AND NOT (id = ANY(${leaving}::bigint[]))`.execute(tx);
  return rows;
}

export const lineFamily: DocumentFamily = {
  label: '线路', base: '/api/masterdata/line', permissionPrefix: 'md_line', table: 'md_line', scope: { kind: 'org' },
  code: { field: 'lineCode', column: 'line_code' },
  numbering: { docKind: 'md.line', fallback: { prefix: 'XL', datePattern: null, serialWidth: 3, resetPeriod: 'NEVER' } },
  fields: [
    { name: 'lineCode', column: 'line_code', label: '线路编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
    { name: 'lineName', column: 'line_name', label: '线路名称', type: 'text', required: true, maxLength: 60 },
    { name: 'direction', column: 'direction', label: '收发方向', type: 'enum', required: true, options: DIRECTIONS },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: lineList, resourceTemplate: lineResource, forms: [lineCreate, lineUpdate],
  readFields: readFieldsOf(lineCreate), copy: 'none',
  // turning a line round (shipping to receiving) must suit the order its points already weigh in;
  // the update holds the line's lock, so no point is added meanwhile
  checkWrite: async (tx, _who, id, values) => {
    if (!id) return [];
    const problem = linePointProblem(await pointsOfLine(tx, id, []), values.direction as Direction);
    return problem ? [{ field: 'direction', message: problem.message }] : [];
  },
};

const lineName: FieldDef = {
  fieldName: 'lineName', fieldExplain: '线路', fieldExplainEn: 'Line', fieldType: 'TEXT',
  columnSql: '(SELECT l.line_name FROM md_line l WHERE l.id = t.line_id)', columnWidth: 160,
};
const seqColumn: FieldDef = { fieldName: 'seq', fieldExplain: '顺序号', fieldExplainEn: 'Seq', fieldType: 'NUMBER', columnSql: 't.seq', isortField: true, columnWidth: 80 };
const pointColumn: FieldDef = { fieldName: 'point', fieldExplain: '控制点', fieldExplainEn: 'Control point', fieldType: 'ENUM', columnSql: 't.point', options: [...CONTROL_POINTS], iallowQuery: true, searchType: 'comboxSingle', columnWidth: 120 };

const pointList = defineListTemplate({
  formatCode: 'masterdata.line-point.list', formatName: '线路控制点', mainTable: 'md_line_point', resUrl: '/api/masterdata/line-point/v2/list', menuPath: '/masterdata/line-point',
  fields: [
    { ...lineName, iallowQuery: true, searchType: 'input', isortField: true, idefinedSort: true, sortMethod: 'asc' },
    { ...seqColumn, idefinedSort: true, sortMethod: 'asc' }, pointColumn, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const [pointCreate, pointUpdate] = formTemplates({ formatCode: 'masterdata.line-point', formatName: '线路控制点', prefix: 'md_line_point', mainTable: 'md_line_point' }, [
  { ...lineName, formSubmitType: 'RESOURCE_CONTROLS', irequired: true, iupdate: false, resource: { formatCode: 'masterdata.line.resource', map: [
    { masterTable: 'md_line_point', fieldName: 'lineId', from: 'id' }, { masterTable: 'md_line_point', fieldName: 'lineName', from: 'lineName' }] } },
  { fieldName: 'lineId', fieldExplain: 'lineId', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.line_id::text', ishow: false, ihidden: true },
  { ...seqColumn, formSubmitType: 'NUMBER', irequired: true },
  { ...pointColumn, formSubmitType: 'SELECT', irequired: true },
  remarkForm, enabledForm,
]);

export const linePointFamily: DocumentFamily = {
  label: '线路控制点', base: '/api/masterdata/line-point', permissionPrefix: 'md_line_point', table: 'md_line_point', scope: { kind: 'org' },
  code: { field: 'point', column: 'point' },
  fields: [
    { name: 'lineId', column: 'line_id', label: '线路', type: 'id', required: true, updatable: false, importable: false },
    { name: 'seq', column: 'seq', label: '顺序号', type: 'integer', required: true, min: 1, below: 1e6 },
    { name: 'point', column: 'point', label: '控制点', type: 'enum', required: true, options: CONTROL_POINTS },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: pointList, forms: [pointCreate, pointUpdate], readFields: readFieldsOf(pointCreate),
  // a point is named by its line, which an import sheet or an ERP cannot give
  copy: 'none', datax: false, import: false,
  // the line's points as they would be after this write, under the line's lock: two people
  // adding points to one line at once are checked one after the other
  checkWrite: async (tx, who, id, values) => {
    const line = await sql<{ direction: Direction }>`
      SELECT direction FROM md_line WHERE id = ${String(values.lineId)}::bigint AND org_id = ${who.orgId}::bigint FOR UPDATE`.execute(tx);
    if (!line.rows[0]) return [{ field: 'lineId', message: '线路不存在' }];
    const others = await pointsOfLine(tx, String(values.lineId), id ? [id] : []);
    const problem = linePointProblem([...others, { seq: Number(values.seq), point: String(values.point) }], line.rows[0].direction);
    return problem ? [problem] : [];
  },
  // what stays of each line must still keep the rules (gate-in cannot go while a weighing stays)
  checkDelete: async (tx, who, ids) => {
    const lines = await sql<{ id: string; direction: Direction }>`
      SELECT id::text, direction FROM md_line WHERE org_id = ${who.orgId}::bigint
        AND id IN (SELECT line_id FROM md_line_point WHERE id = ANY(${ids}::bigint[])) ORDER BY id FOR UPDATE`.execute(tx);
    for (const line of lines.rows) {
      const problem = linePointProblem(await pointsOfLine(tx, line.id, ids), line.direction);
      if (problem) return [{ field: 'ids', message: problem.message }];
    }
    return [];
  },
};
