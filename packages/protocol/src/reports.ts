import { z } from 'zod';

/**
 * The report centre's shared shapes (报表中心): what a dataset offers (its parameters and fields)
 * and what a report definition says of it (columns, multi-level heads, grouping, chart, page). A
 * built-in report ships as a definition over a built-in dataset; the designer (报表设计) edits the
 * same definition; the viewer renders any of them the same way.
 */

export const REPORT_PARAM_TYPES = [
  'date', 'dateRange', 'month', 'year',
  'vendor', 'customer', 'party', 'material', 'materialClass', 'warehouse', 'carrier', 'scale', 'user',
  'org', 'text', 'number', 'select',
] as const;
/**
 * How a parameter is asked for on the filter bar. 'date': a plant day 'yyyy-mm-dd'; 'dateRange':
 * two plant days, both inclusive, reaching the SQL as `<key>From` and `<key>To`; 'month'
 * 'yyyy-mm'; master data kinds: an id picked with that archive's code picker; 'org': one of the
 * caller's organisations (default the current one); 'select': one of `options`.
 */
export type ReportParamType = (typeof REPORT_PARAM_TYPES)[number];

export interface ReportParam {
  key: string;
  title: string;
  titleEn: string;
  type: ReportParamType;
  required?: boolean;
  /**
   * A literal, or one of the seed's macros resolved for the caller at run time: ${today}
   * ${yesterday} ${monthStart} ${yearStart} ${userId} ${userName} ${orgId} ${orgName} ${groupId}
   * ${groupName}. Dates are the plant's (PLANT_TIME_ZONE).
   */
  default?: string;
  options?: { value: string; label: string; labelEn: string }[];
}

export const REPORT_FIELD_TYPES = ['text', 'int', 'number', 'weight', 'money', 'price', 'percent', 'date', 'datetime'] as const;
/** How a field's values are shown and exported: weight, money and price by the shared display kinds (display.ts). */
export type ReportFieldType = (typeof REPORT_FIELD_TYPES)[number];

export interface ReportField {
  key: string;
  title: string;
  titleEn: string;
  type: ReportFieldType;
  /** summed by default in the totals row and group subtotals (numbers only) */
  total?: boolean;
}

/** What GET of a dataset answers: enough for the designer's field list and the filter bar. */
export interface ReportDatasetInfo {
  key: string;
  name: string;
  nameEn: string;
  params: ReportParam[];
  fields: ReportField[];
}

const key = z.string().trim().min(1, '不能为空').max(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '只能包含字母、数字和下划线');
const title = z.string().trim().min(1, '不能为空').max(100);
const titleEn = z.string().trim().max(100);

export const reportColumnSchema = z.object({
  field: key,
  title,
  titleEn,
  /** px; the viewer saves a user's drag through the easy report width call */
  width: z.number().int().min(40).max(800).optional(),
  /** shown as another kind than the field's (e.g. a number as money) */
  format: z.enum(REPORT_FIELD_TYPES).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  total: z.enum(['sum', 'avg', 'count', 'min', 'max', 'none']).optional(),
  /** the style head (multi-level header) the column sits under */
  head: z.string().max(64).optional(),
  hidden: z.boolean().optional(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A style head (表头): a header cell over columns, nested by parent for more than two levels. */
export const reportHeadSchema = z.object({ id: z.string().min(1).max(64), title, titleEn, parent: z.string().max(64).optional() });
export type ReportHead = z.infer<typeof reportHeadSchema>;

export const reportSourceSchema = z.discriminatedUnion('kind', [
  /** a dataset a family declares (platform/reports/dataset.ts on the server) */
  z.object({ kind: z.literal('dataset'), key: z.string().min(1).max(100) }),
  /** a database-source report's query (数据源报表), by its id */
  z.object({ kind: z.literal('sql'), id: z.string().regex(/^\d+$/) }),
]);
export type ReportSource = z.infer<typeof reportSourceSchema>;

export const reportChartSchema = z.object({
  type: z.enum(['bar', 'line', 'pie']),
  /** the category field */
  x: key,
  /** the value fields (one for a pie) */
  series: z.array(key).min(1).max(8),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportDefinitionSchema = z.object({
  /** unique per company; what frView's reportlet and an import name it by */
  code: key,
  name: title,
  nameEn: titleEn,
  source: reportSourceSchema,
  /** the dataset's parameters as this report asks for them: another default, or hidden with its default */
  params: z.array(z.object({ key, default: z.string().max(200).optional(), hidden: z.boolean().optional() })).max(30).default([]),
  columns: z.array(reportColumnSchema).min(1, '至少一列').max(100),
  heads: z.array(reportHeadSchema).max(100).default([]),
  /** rows grouped by these fields in order, each group closed by a subtotal row */
  groupBy: z.array(key).max(3).default([]),
  sort: z.array(z.object({ key, dir: z.enum(['asc', 'desc']) })).max(5).default([]),
  chart: reportChartSchema.optional(),
  page: z.object({
    size: z.enum(['A4', 'A3']).default('A4'),
    orientation: z.enum(['portrait', 'landscape']).default('landscape'),
    /** printed under the title, e.g. 单位：吨 */
    subtitle: z.string().max(200).optional(),
    /** printed at the foot, e.g. 制表人：${userName} */
    footer: z.string().max(200).optional(),
  }).default({ size: 'A4', orientation: 'landscape' }),
  /** role codes that may read it (administrators always may) */
  roles: z.array(z.string().max(64)).max(50).default([]),
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
