import { z } from 'zod';
import { REPORT_FIELD_TYPES, REPORT_PARAM_TYPES, type ReportField, type ReportFieldType, type ReportParam } from '@wb/protocol';
import { AppError } from '../../platform/http/errors';

/**
 * 数据源报表: an administrator's SELECT with named parameters (`:name` or `${name}`), its
 * parameters and fields. Pure rules: binding the names to $n values, the field types a result's
 * columns have, the shapes of a report. The SQL is never spliced with a value.
 */

const key = z.string().trim().min(1, '不能为空').max(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '只能包含字母、数字和下划线');
const title = z.string().trim().min(1, '不能为空').max(100);

export const sqlParamSchema = z.object({
  key,
  title,
  titleEn: z.string().trim().max(100).default(''),
  type: z.enum(REPORT_PARAM_TYPES),
  required: z.boolean().optional(),
  default: z.string().max(200).optional(),
  options: z.array(z.object({ value: z.string().max(100), label: z.string().max(100), labelEn: z.string().max(100) })).max(100).optional(),
});

export const sqlFieldSchema = z.object({
  key: z.string().trim().min(1, '不能为空').max(63),
  title: z.string().trim().max(100),
  titleEn: z.string().trim().max(100).default(''),
  type: z.enum(REPORT_FIELD_TYPES),
  total: z.boolean().optional(),
});

/** Longest SQL text kept: a report's query, not a script. */
export const SQL_TEXT_MAX = 20_000;
const sqlText = z.string().trim().min(1, '不能为空').max(SQL_TEXT_MAX, `不能超过 ${SQL_TEXT_MAX} 个字符`);
const dataSourceId = z.string().regex(/^\d+$/, '数据源无效').nullable().default(null);

const uniqueKeys = (what: string) => (list: { key: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `${what} ${item.key} 重复` });
    seen.add(item.key);
  }
};

const params = z.array(sqlParamSchema).max(30).default([]).superRefine(uniqueKeys('参数'));
const fields = z.array(sqlFieldSchema).max(200).default([]).superRefine(uniqueKeys('字段'));

export const sqlReportCreate = z.object({
  code: key,
  name: title,
  dataSourceId,
  sql: sqlText,
  params,
  fields,
  remark: z.string().max(500).nullable().optional(),
});
export type SqlReportCreate = z.infer<typeof sqlReportCreate>;

export const sqlReportUpdate = sqlReportCreate.extend({ version: z.number().int().min(0) });
export type SqlReportUpdate = z.infer<typeof sqlReportUpdate>;

export const sqlReportList = z.object({
  search: z.object({ keyword: z.string().max(100).optional() }).optional(),
  limit: z.object({ pn: z.number().int().min(1).default(1), ps: z.number().int().min(1).max(200).default(20) }).optional(),
});

/** The editor's 运行: the SQL with values for its parameters (raw, as typed; defaults fill the gaps). */
export const sqlRunBody = z.object({
  dataSourceId,
  sql: sqlText,
  params,
  values: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
});
export type SqlRunBody = z.infer<typeof sqlRunBody>;

export const frViewBody = z.object({ reportlet: z.string().trim().min(1, '不能为空').max(1000) });

/** The names a SQL text uses, in order of first use, and the text with each replaced by $n. */
export function bindNamedParams(text: string, values: Record<string, unknown>): { text: string; values: unknown[]; names: string[] } {
  const names: string[] = [];
  const out: string[] = [];
  const slot = (name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) throw new AppError(400, `SQL 中的参数 ${name} 未定义`, 'sql');
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `$${at + 1}`;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    // string literals, quoted identifiers and E'' strings: copied as they are
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n) {
        if (text[j] === c) {
          if (text[j + 1] === c) { j += 2; continue; }
          break;
        }
        if (c === "'" && text[j] === '\\' && /[eE]/.test(text[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 2] ?? '')) { j += 2; continue; }
        j += 1;
      }
      out.push(text.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const j = end < 0 ? n : end;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    if (c === '/' && next === '*') {
      // block comments nest in PostgreSQL
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') { depth += 1; j += 2; } else if (text[j] === '*' && text[j + 1] === '/') { depth -= 1; j += 2; } else j += 1;
      }
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    // dollar-quoted strings: $$...$$ or $tag$...$tag$
    if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        const j = close < 0 ? n : close + tag[0].length;
        out.push(text.slice(i, j));
        i = j;
        continue;
      }
      const braced = /^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/.exec(text.slice(i));
      if (braced) {
        out.push(slot(braced[1]));
        i += braced[0].length;
        continue;
      }
    }
    if (c === ':') {
      // a cast (::type) is not a parameter
      if (next === ':') {
        out.push('::');
        i += 2;
        continue;
      }
      const named = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(i));
      if (named && text[i - 1] !== ':') {
        out.push(slot(named[1]));
        i += named[0].length;
        continue;
      }
    }
    out.push(c);
    i += 1;
  }
  return { text: out.join(''), values: names.map((name) => values[name]), names };
}

/**
 * The statement the executors run: the administrator's text inside a subquery, so only a query
 * (SELECT, VALUES, TABLE, WITH ... SELECT) parses: a SET, a second statement or a data-changing
 * WITH at the top are syntax errors before anything runs. The newline keeps a trailing `--` comment
 * from swallowing the bracket.
 */
export function wrapSelect(text: string, limit?: number): string {
  const body = text.trim().replace(/;\s*$/, '');
  return `SELECT * FROM (\n${body}\n) AS sql_rows${limit !== undefined ? ` LIMIT ${Math.floor(limit)}` : ''}`;
}

/** PostgreSQL type oids of a result's columns, as the report's field types. */
const TYPE_OF_OID: Record<number, ReportFieldType> = {
  20: 'int', 21: 'int', 23: 'int', 26: 'int',
  700: 'number', 701: 'number', 1700: 'number', 790: 'money',
  1082: 'date', 1114: 'datetime', 1184: 'datetime',
};

export function fieldTypeOf(oid: number): ReportFieldType {
  return TYPE_OF_OID[oid] ?? 'text';
}

/** The fields a result has, titled by the saved fields of the same name (else by their name). */
export function detectFields(columns: { name: string; dataTypeID: number }[], saved: ReportField[] = []): ReportField[] {
  return columns.map((c) => {
    const known = saved.find((f) => f.key === c.name);
    return known ?? { key: c.name, title: c.name, titleEn: c.name, type: fieldTypeOf(c.dataTypeID) };
  });
}

/** The values bound for a run: each declared parameter's value, else its literal default, else null. */
export function runValues(params: ReportParam[], raw: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const p of params) {
    const v = raw[p.key];
    const given = v !== undefined && v !== null && v !== '' ? v : p.default !== undefined && !p.default.includes('${') ? p.default : null;
    if (given === null && p.required) throw new AppError(400, `请填写参数 ${p.title}`, p.key);
    values[p.key] = given === null ? null : String(given);
    if (p.type === 'dateRange') {
      // a range reaches the SQL as <key>From and <key>To (protocol reports.ts)
      const [from, to] = typeof given === 'string' ? given.split(',') : [null, null];
      values[`${p.key}From`] = raw[`${p.key}From`] ?? from ?? null;
      values[`${p.key}To`] = raw[`${p.key}To`] ?? to ?? null;
    }
  }
  return values;
}

/**
 * frView's reportlet: a report code, as FineReport names it (`daily.cpt`, `/reports/daily.cpt`)
 * or bare, optionally with `?a=b` parameters; answers the code and the query string kept.
 */
export function parseReportlet(reportlet: string): { code: string; query: string } {
  const [path, ...rest] = reportlet.split('?');
  const last = path.split('/').filter(Boolean).pop() ?? '';
  const code = last.replace(/\.(cpt|frm)$/i, '');
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(code)) throw new AppError(400, `报表 ${last || reportlet} 不存在`, 'reportlet');
  const params = new URLSearchParams(rest.join('?'));
  const kept = new URLSearchParams();
  for (const [k, v] of params) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && k.length <= 64) kept.append(k, v.slice(0, 200));
  return { code, query: kept.toString() };
}
