import type { ReportDefinition, ReportParam } from '@wb/protocol';
import { DATE_FORMAT, plantToday, toPicker } from '@/platform/plant-time';

/**
 * The filter bar's values (pure): a parameter's starting value is the report's default, else the
 * dataset's, with the date macros worked out on the plant's clock; a default naming another macro
 * (${userName}, ${orgId} …) is left to the server, which resolves it for the reader.
 */

export type FilterValues = Record<string, unknown>;

/** The parameters the filter bar asks for: the dataset's, less those the report hides. */
export const shownParams = (params: ReportParam[], definition: Pick<ReportDefinition, 'params'>): ReportParam[] =>
  params.filter((p) => !definition.params.find((o) => o.key === p.key)?.hidden);

const dayBefore = (day: string): string => toPicker(day, DATE_FORMAT)?.subtract(1, 'day').format(DATE_FORMAT) ?? day;

export function dateMacros(today: string = plantToday()): Record<string, string> {
  return { today, yesterday: dayBefore(today), monthStart: `${today.slice(0, 7)}-01`, yearStart: `${today.slice(0, 4)}-01-01` };
}

/** A default with its date macros filled; undefined when another macro is in it (the server's to fill). */
export function clientDefault(text: string | undefined, macros: Record<string, string> = dateMacros()): string | undefined {
  if (text === undefined) return undefined;
  let unknown = false;
  const out = text.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
    const v = macros[name.trim()];
    if (v === undefined) unknown = true;
    return v ?? '';
  });
  return unknown ? undefined : out;
}

/** The filter bar's starting values. A date range is [from, to]. */
export function initialFilters(params: ReportParam[], definition: Pick<ReportDefinition, 'params'>, macros: Record<string, string> = dateMacros()): FilterValues {
  const out: FilterValues = {};
  for (const p of shownParams(params, definition)) {
    const d = clientDefault(definition.params.find((o) => o.key === p.key)?.default ?? p.default, macros);
    if (d === undefined || d === '') continue;
    if (p.type === 'dateRange') {
      const [from, to] = d.split(/\s*[,~]\s*/);
      out[p.key] = [from, to ?? from];
    } else if (p.type === 'month') out[p.key] = d.slice(0, 7);
    else if (p.type === 'year') out[p.key] = d.slice(0, 4);
    else out[p.key] = d;
  }
  return out;
}

/** The values as the data call takes them: blanks left out (the server's defaults apply). */
export function paramsOf(values: FilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === '')) continue;
    out[k] = v;
  }
  return out;
}

/** The first required parameter left blank, if any (its title goes in the warning). */
export function missingRequired(params: ReportParam[], definition: Pick<ReportDefinition, 'params'>, values: FilterValues): ReportParam | null {
  for (const p of shownParams(params, definition)) {
    if (!p.required) continue;
    const v = values[p.key];
    const blank = v === undefined || v === null || v === '' || (Array.isArray(v) && (!v[0] || !v[1]));
    // a required parameter with a default the server fills is not missing
    if (blank && (definition.params.find((o) => o.key === p.key)?.default ?? p.default) === undefined) return p;
  }
  return null;
}

/**
 * An embedded report's initial filter from its address's `?a=b` (what frView passed on): each
 * shown parameter's value as the filter bar holds it (a date range as `key=from,to` or
 * `keyFrom`/`keyTo`; a number as a number when it reads as one), over the defaults. The server
 * checks them as it checks the filter bar's: a bad one is its 400 message, not a crash here.
 */
export function filtersFromQuery(params: ReportParam[], definition: Pick<ReportDefinition, 'params'>, search: URLSearchParams, start: FilterValues): FilterValues {
  const out: FilterValues = { ...start };
  for (const p of shownParams(params, definition)) {
    if (p.type === 'dateRange') {
      const whole = search.get(p.key);
      const [from, to] = whole !== null ? whole.split(/\s*[,~]\s*/) : [search.get(`${p.key}From`), search.get(`${p.key}To`)];
      if (from || to) out[p.key] = [from || null, to || from || null];
      continue;
    }
    const v = search.get(p.key);
    if (v === null || v === '') continue;
    out[p.key] = p.type === 'number' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
  }
  return out;
}
