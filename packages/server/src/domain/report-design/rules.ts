import { z } from 'zod';
import { reportDefinitionSchema, type ReportDatasetInfo, type ReportDefinition, type ReportHead } from '@wb/protocol';

/**
 * The report designer's rules (报表设计), pure: what a definition must hold beyond its schema once
 * its dataset is known. Each problem names the field (its path inside the definition) and says in
 * words what is wrong, so the designer can point at it.
 */

export interface Problem {
  field: string;
  message: string;
}

/** Style heads nest at most this deep (a three-level header over the columns' own titles). */
export const HEAD_DEPTH_MAX = 3;

/** How the designer names a source: a dataset's key, or `sql:<id>` for a database-source query. */
export const sourceKey = (source: ReportDefinition['source']): string => (source.kind === 'dataset' ? source.key : `sql:${source.id}`);

/** The menu path a designed report's leaf has: under 报表中心, named by its code. */
export const reportMenuPath = (code: string): string => `/reportforms/${code}`;

/**
 * The problems of a definition over its dataset (null: the dataset does not exist here): every
 * parameter and column names something the dataset has, once; every head's parent exists and the
 * heads form a tree no deeper than HEAD_DEPTH_MAX; a column sits under an existing head; grouping
 * and chart fields are columns of the report; sorting is on the dataset's fields.
 */
export function definitionProblems(def: ReportDefinition, dataset: ReportDatasetInfo | null): Problem[] {
  const problems: Problem[] = [];
  if (!dataset) {
    const field = def.source.kind === 'dataset' ? 'source.key' : 'source.id';
    return [{ field, message: `数据源 ${sourceKey(def.source)} 不存在` }];
  }
  const fields = new Map(dataset.fields.map((f) => [f.key, f]));
  const params = new Set(dataset.params.map((p) => p.key));

  const seenParams = new Set<string>();
  def.params.forEach((p, i) => {
    if (!params.has(p.key)) problems.push({ field: `params.${i}.key`, message: `参数 ${p.key} 不在数据集 ${dataset.name} 中` });
    else if (seenParams.has(p.key)) problems.push({ field: `params.${i}.key`, message: `参数 ${p.key} 重复` });
    seenParams.add(p.key);
  });

  const heads = new Map<string, ReportHead>();
  def.heads.forEach((h, i) => {
    if (heads.has(h.id)) problems.push({ field: `heads.${i}.id`, message: `表头 ${h.title} 的标识 ${h.id} 重复` });
    heads.set(h.id, h);
  });
  def.heads.forEach((h, i) => {
    if (h.parent === undefined || h.parent === '') return;
    if (!heads.has(h.parent)) {
      problems.push({ field: `heads.${i}.parent`, message: `表头 ${h.title} 的上级表头 ${h.parent} 不存在` });
      return;
    }
    const depth = headDepth(h, heads);
    if (depth === null) problems.push({ field: `heads.${i}.parent`, message: `表头 ${h.title} 的上级表头形成循环` });
    else if (depth > HEAD_DEPTH_MAX) problems.push({ field: `heads.${i}.parent`, message: `表头 ${h.title} 超过 ${HEAD_DEPTH_MAX} 级` });
  });

  const columns = new Set<string>();
  def.columns.forEach((c, i) => {
    if (!fields.has(c.field)) problems.push({ field: `columns.${i}.field`, message: `列 ${c.title} 的字段 ${c.field} 不在数据集 ${dataset.name} 中` });
    else if (columns.has(c.field)) problems.push({ field: `columns.${i}.field`, message: `列的字段 ${c.field} 重复` });
    columns.add(c.field);
    if (c.head !== undefined && c.head !== '' && !heads.has(c.head)) problems.push({ field: `columns.${i}.head`, message: `列 ${c.title} 的表头 ${c.head} 不存在` });
  });

  def.groupBy.forEach((g, i) => {
    if (!columns.has(g)) problems.push({ field: `groupBy.${i}`, message: `分组字段 ${g} 不是报表的列` });
  });
  if (new Set(def.groupBy).size !== def.groupBy.length) problems.push({ field: 'groupBy', message: '分组字段重复' });
  def.sort.forEach((s, i) => {
    if (!fields.has(s.key)) problems.push({ field: `sort.${i}.key`, message: `排序字段 ${s.key} 不在数据集 ${dataset.name} 中` });
  });

  if (def.chart) {
    const { chart } = def;
    if (!columns.has(chart.x)) problems.push({ field: 'chart.x', message: `图表的分类字段 ${chart.x} 不是报表的列` });
    chart.series.forEach((s, i) => {
      if (!columns.has(s)) problems.push({ field: `chart.series.${i}`, message: `图表的数值字段 ${s} 不是报表的列` });
    });
    if (chart.type === 'pie' && chart.series.length !== 1) problems.push({ field: 'chart.series', message: '饼图只能有一个数值字段' });
  }
  return problems;
}

/** How many heads sit above and including `head` (1: a top head), or null when its parents loop. */
function headDepth(head: ReportHead, heads: Map<string, ReportHead>): number | null {
  const seen = new Set<string>();
  let at: ReportHead | undefined = head;
  let depth = 0;
  while (at) {
    if (seen.has(at.id)) return null;
    seen.add(at.id);
    depth += 1;
    at = at.parent ? heads.get(at.parent) : undefined;
  }
  return depth;
}

/** The role codes a definition names that the company has not got. */
export function unknownRoles(roles: readonly string[], companyRoles: readonly string[]): string[] {
  const known = new Set(companyRoles);
  return roles.filter((r) => !known.has(r));
}

/** What an exported definition file holds; the import refuses anything else. */
export const REPORT_FILE_FORMAT = 'weighbridge-report';
export const reportFileSchema = z.object({
  format: z.literal(REPORT_FILE_FORMAT, { message: '不是报表定义文件' }),
  formatVersion: z.literal(1, { message: '报表定义文件的版本不受支持' }),
  definition: reportDefinitionSchema,
});
export type ReportFile = z.infer<typeof reportFileSchema>;

export const reportFile = (definition: ReportDefinition, exportedAt: Date): ReportFile & { exportedAt: string } => ({
  format: REPORT_FILE_FORMAT, formatVersion: 1, exportedAt: exportedAt.toISOString(), definition,
});

/** A copy: the source's definition under a new code and name, not placed in the menu. */
export function copiedDefinition(source: ReportDefinition, code: string, name?: string, nameEn?: string): ReportDefinition {
  return { ...structuredClone(source), code, name: name ?? `${source.name} 副本`, nameEn: nameEn ?? (source.nameEn ? `${source.nameEn} (copy)` : '') };
}
