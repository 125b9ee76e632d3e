import {
  EXCEL_MONEY_FORMAT, excelUnitPriceFormat, excelWeightFormat, isDisplayKind, readWeighParams, weightInUnit, WEIGHT_UNIT_LABELS,
  type DisplayKind, type DisplayParams, type ListRequest,
} from '@wb/protocol';
import type { Readable } from 'node:stream';
import type { Database } from '../db/pool';
import { badRequest } from '../http/errors';
import { runList } from '../list/repo';
import { planList, type ListTemplate } from '../list/rules';
import { type SheetColumn, streamSheet } from '../excel/workbook';
import type { ListReach } from '../list/scope';
import type { DocumentFamily } from './define';
import { listTemplateOf } from './list-template';

/** Most rows one export writes: a search wider than this is narrowed first. */
export const EXPORT_ROWS_MAX = 100_000;

interface ExportColumn extends SheetColumn {
  fieldType: string;
  options: { value: unknown; label: string }[];
  displayKind: DisplayKind | null;
}

/** The organisation's weight unit, weight decimals and unit price precision (its weigh params). */
async function displayParams(db: Database, orgId: string): Promise<DisplayParams> {
  const rows = await db.selectFrom('sys_param').select(['param_key', 'param_value']).where('org_id', '=', orgId)
    .where('param_key', 'in', ['weightUnit', 'weightPrecision', 'unitPricePrecision']).execute();
  const { weightUnit, weightPrecision, unitPricePrecision } = readWeighParams(Object.fromEntries(rows.map((r) => [r.param_key, r.param_value])));
  return { weightUnit, weightPrecision, unitPricePrecision };
}

/** A money, unit price or weight column's cells hold the number and carry the format the screens show it in. */
function numberFormat(kind: DisplayKind | null, p: DisplayParams): string | undefined {
  if (kind === 'money') return EXCEL_MONEY_FORMAT;
  if (kind === 'unitPrice') return excelUnitPriceFormat(p);
  if (kind === 'weight') return excelWeightFormat(p);
  return undefined;
}
const TON_UNIT = /([(（])(吨|t)([/／)）])/;

/**
 * The columns shown on the list screen, in its order, labelled as there: read from the database
 * copy of the template, so a column an administrator hid or renamed is exported the same way.
 */
async function exportColumns(db: Database, template: ListTemplate, p: DisplayParams): Promise<ExportColumn[]> {
  const fields = await db
    .selectFrom('cg_format_field')
    .select(['field_name', 'field_explain', 'field_type', 'options', 'column_width', 'ishow', 'ihidden', 'column_sql', 'display_kind'])
    .where('format_id', '=', template.id)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return fields
    .filter((f) => f.ishow && !f.ihidden && f.column_sql)
    .map((f) => {
      const kind = f.field_type === 'NUMBER' && isDisplayKind(f.display_kind) ? f.display_kind : null;
      // a weight is written in the plant's unit: its header names that unit (净重(千克))
      const header = kind === 'weight' ? f.field_explain.replace(TON_UNIT, `$1${WEIGHT_UNIT_LABELS[p.weightUnit].zh}$3`) : f.field_explain;
      return {
        header, key: f.field_name, width: f.column_width ? Math.max(8, Math.round(f.column_width / 7)) : 16,
        fieldType: f.field_type, options: f.options, displayKind: kind, numFmt: numberFormat(kind, p),
      };
    });
}

/** What a cell shows: an option's label, 是/否, a time as the plant reads it, a number as a number (a weight in the plant's unit). */
function shownValue(column: ExportColumn, value: unknown, p: DisplayParams): unknown {
  if (value === null || value === undefined) return null;
  const option = column.options.find((o) => String(o.value) === String(value));
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return value.toLocaleString('sv-SE', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai' });
  if (column.displayKind === 'weight') return weightInUnit(value, p) ?? value;
  if (column.fieldType === 'NUMBER' && typeof value === 'string') return Number(value);
  return value;
}

/** Rows read per query while an export streams: memory stays flat however long the sheet. */
const EXPORT_BATCH = 2_000;

/**
 * The current search of the list screen, every page of it, as an .xlsx stream. The total is
 * known before the first byte (a search past EXPORT_ROWS_MAX is a 400, not a cut-off sheet);
 * the rows are then read batch by batch, in the list's order, as the sheet is written.
 */
export async function exportList(db: Database, family: DocumentFamily, who: ListReach, request: ListRequest): Promise<Readable> {
  const template = await listTemplateOf(db, family);
  const plan = planList(template, { ...request, limit: undefined });
  const first = await runList(db, { ...plan, limit: EXPORT_BATCH, offset: 0 }, who, { estimateAbove: EXPORT_ROWS_MAX });
  if (first.total > EXPORT_ROWS_MAX || first.totalEstimated) throw badRequest(`导出数据超过 ${EXPORT_ROWS_MAX} 行，请缩小查询范围`, 'search');
  const params = await displayParams(db, who.orgId);
  const columns = await exportColumns(db, template, params);
  const shown = (r: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c.key, shownValue(c, r[c.key], params)]));
  async function* rows() {
    let batch = first.list;
    for (let offset = 0; ; ) {
      for (const r of batch) yield shown(r);
      offset += batch.length;
      if (batch.length < EXPORT_BATCH || offset >= first.total) return;
      batch = (await runList(db, { ...plan, limit: EXPORT_BATCH, offset }, who, { estimateAbove: 0 })).list;
    }
  }
  return streamSheet(family.label, columns, rows());
}
