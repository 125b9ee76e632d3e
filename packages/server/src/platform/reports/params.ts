import { checkDate, checkMonth, ID_PATTERN, scaleIdField, type ReportDefinition, type ReportParam } from '@wb/protocol';
import { badRequest } from '../http/errors';
import type { ReportDataset } from './dataset';

/**
 * A report's parameters as its SELECT receives them (pure: no I/O). The caller's values, else the
 * report's default, else the dataset's; the seed's macros resolved for the reader; every value
 * checked against its parameter's type, a refusal answering 400 with the parameter's title.
 */

/** Who reads a report, as far as its parameters need: the macros and the organisations to pick from. */
export interface ReportReader {
  userId: string;
  /** the login name */
  username: string;
  /** the name the reader goes by (${userName}) */
  realName: string;
  orgId: string;
  orgName: string;
  groupId: string;
  groupName: string;
  /** the reader's organisations (an 'org' parameter is one of them) */
  orgs: { id: string; name: string }[];
  /** holds an administrator role in the current organisation */
  admin: boolean;
  /** the codes of the roles held in the current organisation */
  roles: string[];
}

export const REPORT_MACROS = ['today', 'yesterday', 'monthStart', 'yearStart', 'userId', 'userName', 'orgId', 'orgName', 'groupId', 'groupName'] as const;
export type ReportMacro = (typeof REPORT_MACROS)[number];

/** The plant's day of an instant, yyyy-MM-dd, in the given zone. */
export function plantDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A plant day moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Every macro's value for the reader at `now` in the plant's zone. */
export function macroValues(who: ReportReader, timeZone: string, now: Date = new Date()): Record<ReportMacro, string> {
  const today = plantDay(now, timeZone);
  return {
    today,
    yesterday: addDays(today, -1),
    monthStart: `${today.slice(0, 7)}-01`,
    yearStart: `${today.slice(0, 4)}-01-01`,
    userId: who.userId,
    userName: who.realName || who.username,
    orgId: who.orgId,
    orgName: who.orgName,
    groupId: who.groupId,
    groupName: who.groupName,
  };
}

/** A default with its macros replaced; an unknown macro is the report's mistake, named by the parameter. */
export function expandMacros(text: string, macros: Record<string, string>, title: string): string {
  return text.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
    const value = macros[name.trim()];
    if (value === undefined) throw badRequest(`${title}的默认值含未知的宏 \${${name.slice(0, 30)}}`, 'params');
    return value;
  });
}

const MASTER_DATA: ReadonlySet<string> = new Set(['vendor', 'customer', 'party', 'material', 'materialClass', 'warehouse', 'carrier', 'scale', 'user']);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function day(value: unknown, title: string, field: string): string {
  const checked = checkDate(typeof value === 'string' ? value : String(value), 'date');
  if (!checked.ok) throw badRequest(`${title}${checked.reason}`, field);
  return checked.value;
}

/** One parameter's value checked against its type (not blank). */
function typed(p: ReportParam, value: unknown, who: ReportReader): unknown {
  const field = `params.${p.key}`;
  switch (p.type) {
    case 'date':
      return day(value, p.title, field);
    case 'month': {
      // a day (${monthStart}) names its month
      const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? day(value, p.title, field).slice(0, 7) : value;
      const checked = checkMonth(text);
      if (!checked.ok) throw badRequest(`${p.title}${checked.reason}`, field);
      return checked.value;
    }
    case 'year': {
      const text = String(value).trim();
      const year = /^\d{4}-\d{2}-\d{2}$/.test(text) ? day(text, p.title, field).slice(0, 4) : text;
      if (!/^\d{4}$/.test(year) || year < '2000' || year > '2099') throw badRequest(`${p.title}应为 2000 至 2099 之间的年份`, field);
      return year;
    }
    case 'org': {
      const id = String(value).trim();
      if (!who.orgs.some((o) => o.id === id)) throw badRequest(`${p.title}不是您所属的组织`, field);
      return id;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw badRequest(`${p.title}应为数字`, field);
      return n;
    }
    case 'select': {
      const v = String(value);
      if (!(p.options ?? []).some((o) => o.value === v)) throw badRequest(`${p.title}不是可选的值`, field);
      return v;
    }
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${p.title}应为文字`, field);
      const v = String(value).trim();
      if (v.length > 200) throw badRequest(`${p.title}不能超过 200 个字`, field);
      return v;
    }
    case 'scale': {
      // a scale is named by the id its stations send (wb_station_credential.scale_id), not a row id
      const id = scaleIdField.safeParse(typeof value === 'number' ? String(value) : value);
      if (!id.success) throw badRequest(`${p.title}应为磅秤编号（1 到 32 位字母、数字或 _ . # -）`, field);
      return id.data;
    }
    default: {
      if (!MASTER_DATA.has(p.type)) throw badRequest(`${p.title}的类型未知`, field);
      const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!ID_PATTERN.test(id)) throw badRequest(`${p.title}应为编号`, field);
      return id;
    }
  }
}

/** A date range as sent: [from, to], {from, to}, or 'from,to' (a default). */
function rangeOf(value: unknown): [unknown, unknown] {
  if (Array.isArray(value)) return [value[0], value[1]];
  if (value && typeof value === 'object') return [(value as { from?: unknown }).from, (value as { to?: unknown }).to];
  if (typeof value === 'string') {
    const [a, b] = value.split(/\s*[,~]\s*/);
    return [a, b ?? a];
  }
  return [undefined, undefined];
}

/**
 * The parameters of a run: for each of the dataset's params, the caller's value (not for a param
 * the report hides), else the report's default, else the dataset's, macros expanded; then checked.
 * A date range reaches the SQL as `<key>From` and `<key>To` (both plant days, inclusive); an
 * absent optional value as null. Unknown keys in `raw` are ignored.
 */
export function resolveParams(
  dataset: Pick<ReportDataset, 'params'>,
  definition: Pick<ReportDefinition, 'params'> | null,
  raw: unknown,
  who: ReportReader,
  timeZone: string,
  now: Date = new Date(),
): Record<string, unknown> {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) throw badRequest('参数 params 应为对象', 'params');
  const sent = (raw ?? {}) as Record<string, unknown>;
  const macros = macroValues(who, timeZone, now);
  const out: Record<string, unknown> = {};
  for (const p of dataset.params) {
    const override = definition?.params?.find((o) => o.key === p.key);
    const fallback = override?.default ?? p.default ?? (p.type === 'org' ? '${orgId}' : undefined);
    const defaultValue = fallback === undefined ? undefined : expandMacros(fallback, macros, p.title);
    const field = `params.${p.key}`;
    if (p.type === 'dateRange') {
      const given = override?.hidden ? undefined : sent[p.key] ?? (sent[`${p.key}From`] !== undefined || sent[`${p.key}To`] !== undefined ? [sent[`${p.key}From`], sent[`${p.key}To`]] : undefined);
      const [a, b] = rangeOf(blank(given) ? defaultValue : given);
      if (blank(a) !== blank(b)) throw badRequest(`${p.title}应有开始和结束日期`, field);
      if (blank(a)) {
        if (p.required) throw badRequest(`${p.title}不能为空`, field);
        out[`${p.key}From`] = null;
        out[`${p.key}To`] = null;
        continue;
      }
      const from = day(a, p.title, field);
      const to = day(b, p.title, field);
      if (from > to) throw badRequest(`${p.title}的开始日期不能晚于结束日期`, field);
      out[`${p.key}From`] = from;
      out[`${p.key}To`] = to;
      continue;
    }
    const given = override?.hidden ? undefined : sent[p.key];
    const value = blank(given) ? defaultValue : given;
    if (blank(value)) {
      if (p.required) throw badRequest(`${p.title}不能为空`, field);
      out[p.key] = null;
      continue;
    }
    out[p.key] = typed(p, value, who);
  }
  return out;
}

/**
 * The parameters as a reader sees them (print's header facts, the export's header): title and
 * value, ranges joined; a master-data id by its name (`names`, by parameter key: the archive's
 * code and name), an organisation and a choice by theirs.
 */
export function paramFacts(
  dataset: Pick<ReportDataset, 'params'>, definition: Pick<ReportDefinition, 'params'> | null, values: Record<string, unknown>, who: ReportReader,
  names: Record<string, string> = {},
): [string, string][] {
  const facts: [string, string][] = [];
  for (const p of dataset.params) {
    if (definition?.params?.find((o) => o.key === p.key)?.hidden) continue;
    if (p.type === 'dateRange') {
      const from = values[`${p.key}From`];
      if (from) facts.push([p.title, `${String(from)} 至 ${String(values[`${p.key}To`])}`]);
      continue;
    }
    const v = values[p.key];
    if (v === null || v === undefined || v === '') continue;
    const text = p.type === 'org' ? who.orgs.find((o) => o.id === v)?.name ?? String(v)
      : p.type === 'select' ? p.options?.find((o) => o.value === v)?.label ?? String(v) : names[p.key] ?? String(v);
    facts.push([p.title, text]);
  }
  return facts;
}
