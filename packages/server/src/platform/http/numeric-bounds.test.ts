import { beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@wb/protocol';
import { z } from 'zod';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, databaseFingerprint } from '../../../test/api';
import { MODULES } from '../../domain/modules';
import type { DocField, DocumentFamily } from '../documents/define';
import { readChildRows } from '../documents/children';
import { makeNoticeLine, plantOf, weighPurchase } from '../../domain/weighing/test-support';

// Every number a request can send lands in a column with a bound (NUMERIC(p,s): |v| < 10^(p-s);
// integer: int4 or int8). Sent past it, as a JSON number or as the same value typed, the answer
// is a 400 naming the field and nothing is written: never the database's overflow as a 500. The
// bounds are read from the database, not restated here; the fields are every protocol body
// schema's and every served document family's.
// the engine serves exactly the modules' documents (platform/module/mount.ts)
const servedFamilies = (): DocumentFamily[] => MODULES.flatMap((m) => m.documents ?? []);
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let admin: string;

interface ColumnType { data_type: string; numeric_precision: number | null; numeric_scale: number | null }
const columns = new Map<string, ColumnType>();
const columnOf = (table: string, column: string) => columns.get(`${table}.${column}`);

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  const { rows } = await pool.query<ColumnType & { table_name: string; column_name: string }>(
    "SELECT table_name, column_name, data_type, numeric_precision, numeric_scale FROM information_schema.columns WHERE table_schema = 'public'");
  for (const r of rows) columns.set(`${r.table_name}.${r.column_name}`, r);
});

/** The first magnitude a column cannot hold: 10^(p-s) for NUMERIC, 2^31 or 2^63 for integers. */
function boundOf(c: ColumnType): bigint {
  if (c.data_type === 'integer') return 2n ** 31n;
  if (c.data_type === 'bigint') return 2n ** 63n;
  if (c.data_type === 'smallint') return 2n ** 15n;
  if (c.data_type === 'numeric' && c.numeric_precision !== null) return 10n ** BigInt(c.numeric_precision - (c.numeric_scale ?? 0));
  throw new Error(`unbounded column type ${c.data_type}`);
}

/** The values sent at a field: far past any column, and the first value past this one, as number and as text, on both sides. */
const extremes = (bound: bigint): unknown[] => [1e20, -1e20, 1e308, -1e308, Number(bound), -Number(bound), bound.toString(), (-bound).toString()];

/** Row counts of every table a family or its child rows write, and the log: equal before and after means nothing was written. */
async function rowCounts(families: DocumentFamily[]): Promise<Record<string, number>> {
  const tables = [...new Set(families.flatMap((f) => [f.table, ...(f.children ? [f.children.table] : [])]).concat(['sys_log', 'wb_ticket', 'wb_ticket_deduction', 'wb_weighing', 'wb_notice_line']))];
  const { rows } = await pool.query(`SELECT ${tables.map((t, i) => `(SELECT count(*)::int FROM ${t}) AS c${i}`).join(', ')}`);
  return Object.fromEntries(tables.map((t, i) => [t, rows[0][`c${i}`]]));
}

const numeric = (f: DocField) => f.type === 'number' || f.type === 'integer';

describe('document families: every number field of every served family', () => {
  it('declares a bound within its column, read from the database', () => {
    const problems: string[] = [];
    for (const family of servedFamilies()) {
      const sets = [{ table: family.table, fields: family.fields }, ...(family.children ? [{ table: family.children.table, fields: family.children.fields }] : [])];
      for (const { table, fields } of sets) {
        for (const f of fields.filter(numeric)) {
          const c = columnOf(table, f.column);
          if (!c) { problems.push(`${table}.${f.column}: no such column`); continue; }
          const bound = Number(boundOf(c));
          // the engine reads an integer of at most 9 digits; a number needs its own bound
          const upper = f.below ?? (f.type === 'integer' ? 1e9 : Number.POSITIVE_INFINITY);
          // without a min the engine refuses -below and under, as it refuses below and over
          if (upper > bound || (f.min !== undefined && f.min <= -bound)) problems.push(`${table}.${f.column} (${f.name}): takes up to ${upper} (from ${f.min ?? `above -${upper}`}), the column holds less than ${bound} either side`);
          if (f.type === 'number' && (f.scale ?? 0) > (c.numeric_scale ?? 0)) problems.push(`${table}.${f.column} (${f.name}): scale ${f.scale} past the column's ${c.numeric_scale}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming the field to a value past the column, as a number or as text, on create, and writes nothing', async () => {
    const families = servedFamilies();
    expect(families.length).toBeGreaterThan(20);
    const before = [await rowCounts(families), await databaseFingerprint(pool)];
    const wrong: string[] = [];
    let sent = 0;
    for (const family of families) {
      // a derived figure is replaced by the family's own before the engine reads it
      for (const f of family.fields.filter((d) => numeric(d) && !d.derived)) {
        const c = columnOf(family.table, f.column);
        if (!c) continue;
        for (const value of extremes(boundOf(c))) {
          const res = await call(app, 'POST', `${family.base}/create`, admin, { entity: { [f.name]: value } });
          sent += 1;
          const body = res.json();
          const named = body.data?.field === f.name || (body.data?.errors ?? []).some((e: { field: string }) => e.field === f.name);
          if (res.statusCode !== 400 || !named) wrong.push(`${family.base} ${f.name}=${JSON.stringify(value)}: ${res.statusCode} ${body.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect([await rowCounts(families), await databaseFingerprint(pool)]).toEqual(before);
  });

  it('refuses such a value in a child row, naming the row and the field', () => {
    const wrong: string[] = [];
    for (const family of servedFamilies()) {
      const children = family.children;
      if (!children) continue;
      // a row's seq is its place in the array, whatever it says
      for (const f of children.fields.filter((d) => numeric(d) && d.name !== children.seq?.field)) {
        const c = columnOf(children.table, f.column);
        if (!c) continue;
        for (const value of extremes(boundOf(c))) {
          const { problems } = readChildRows(children, [{ [f.name]: value }]);
          if (!problems.some((p) => p.row === 1 && p.field === f.name)) wrong.push(`${family.base} entitysub ${f.name}=${JSON.stringify(value)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** A path to a number inside a schema: object keys, 0 for an array's element. */
type Path = (string | number)[];

/** The paths of a schema where a JSON number is taken (zod's own definition tree). */
function numberPaths(schema: z.ZodType, at: Path = []): Path[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'number': case 'int': case 'bigint': return [at];
    case 'object': return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, s]) => numberPaths(s, [...at, k]));
    case 'array': return numberPaths(def.element as z.ZodType, [...at, 0]);
    case 'union': {
      const found = (def.options as z.ZodType[]).flatMap((o) => numberPaths(o, at));
      return found.length ? [at] : [];
    }
    case 'pipe': return numberPaths(def.in as z.ZodType, at).length ? [at] : [];
    case 'optional': case 'nullable': case 'default': case 'readonly': case 'catch': case 'nonoptional': case 'prefault':
      return numberPaths(def.innerType as z.ZodType, at);
    default: return [];
  }
}

/** A body holding only `value` at `path`. */
function bodyWith(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

const BODY_SCHEMAS = Object.entries(protocol).filter(([name, v]) => name.endsWith('Body') && v instanceof z.ZodType) as [string, z.ZodType][];

/**
 * Where each body's numbers land, for the calls that write them: the route, the column, and a
 * body around the number that would otherwise be taken. A schema with a number not listed here
 * fails the test below until it is.
 */
interface Landing { column: string; send: (path: Path, value: unknown) => Promise<{ statusCode: number; json: () => { msg: string; data: { field?: string } | null } }> }

let rows: { lineId: string; completed: string; first: string } | null = null;
async function fixtures() {
  if (rows) return rows;
  const plant = await plantOf(ctx.database.db);
  const { lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
  const completed = await weighPurchase(app, ctx.database.db, plant, admin, { station: 'NB', gross: '40', tare: '15' });
  const first = await weighPurchase(app, ctx.database.db, plant, admin, { station: 'NB', gross: '40', tare: null });
  rows = { lineId, completed: completed.id, first: first.id };
  return rows;
}

const post = (url: string, body: unknown) => call(app, 'POST', url, admin, body);
const merge = (base: Record<string, unknown>, path: Path, value: unknown) => {
  const out = structuredClone(base);
  let cur: Record<string | number, unknown> = out;
  path.forEach((k, i) => {
    if (i === path.length - 1) cur[k] = value;
    else cur = cur[k] as Record<string | number, unknown>;
  });
  return out;
};

const LANDINGS: Record<string, Record<string, Landing>> = {
  noticeMaxLimitBody: { maxLimit: { column: 'wb_notice_line.max_limit', send: async (p, v) => post('/api/notice/pu/updateMaxLimit', merge({ lineId: (await fixtures()).lineId, maxLimit: '1' }, p, v)) } },
  noticeDoneBody: { doneQuantity: { column: 'wb_notice_line.done_quantity', send: async (p, v) => post('/api/notice/pu/updateDone', merge({ lineId: (await fixtures()).lineId, doneQuantity: '1', reason: '核对' }, p, v)) } },
  deductBody: {
    'deductions.0.amount': { column: 'wb_ticket_deduction.value', send: async (p, v) => post('/api/weigh/pu/deduct', merge({ id: (await fixtures()).first, deductions: [{ kind: 'stone' }] }, p, v)) },
    'deductions.0.rate': { column: 'wb_ticket_deduction.value', send: async (p, v) => post('/api/weigh/pu/deduct', merge({ id: (await fixtures()).first, deductions: [{ kind: 'water' }] }, p, v)) },
  },
  modifyPriceBody: { price: { column: 'wb_ticket.price', send: async (p, v) => post('/api/weigh/pu/modifyPrice', merge({ ids: [(await fixtures()).completed], price: '1', reason: '核对' }, p, v)) } },
  splitBody: { 'parts.0': { column: 'wb_ticket.net', send: async (p, v) => post('/api/weigh/pu/split', merge({ id: (await fixtures()).completed, parts: ['1', '24'] }, p, v)) } },
  confirmSubmitBody: { 'deductions.0.value': { column: 'wb_ticket_deduction.value', send: async (p, v) => post('/api/confirm/pu/submit', merge({ id: (await fixtures()).first, button: 'CONFIRM', deductions: [{ kind: 'STONE', mode: 'AMOUNT' }] }, p, v)) } },
  weighingBody: { weight: { column: 'wb_weighing.weight', send: async (p, v) => post('/api/weigh/pu/second', merge({ ticketId: (await fixtures()).first, stationId: 'NB', requestId: `nb-${Math.random()}` }, p, v)) } },
  batchOpenBody: { quantity: { column: 'md_batch.quantity', send: async (p, v) => post('/api/masterdata/batch/open', merge({ batchNo: 'NB-OPEN', siloId: '1' }, p, v)) } },
};

/**
 * Numbers a body keeps as JSON (a template option's value, a search parameter's value): no
 * NUMERIC column bounds them, the column's type (read below) says so.
 */
const KEPT_AS_JSON: Record<string, Record<string, string>> = {
  fieldOptionBody: { value: 'cg_format_field.options' },
  fieldEditBody: { 'options.0.value': 'cg_format_field.options' },
  paramSaveBody: { 'paramList.0.val': 'cg_format_param.param_list' },
  // an approval flow's condition values and its diagram's node positions are the flow's JSON
  flowSaveBody: { 'definition.steps.0.condition.conditions.0.value': 'wf_flow.definition', 'layout.nodes.0.x': 'wf_flow.layout', 'layout.nodes.0.y': 'wf_flow.layout' },
};

/** Ids (bigint columns): a schema takes safe integers only, far inside int8. */
const isId = (path: Path) => /(^id$|Id$|^ids$|Ids$)/.test(String(path.filter((k) => typeof k === 'string').at(-1)));

const ticketsAndLines = async () => [
  (await pool.query("SELECT string_agg(id || ':' || version || ':' || coalesce(net::text, '-') || ':' || coalesce(price::text, '-'), ',' ORDER BY id) AS t FROM wb_ticket")).rows[0].t,
  (await pool.query("SELECT string_agg(id || ':' || version || ':' || max_limit || ':' || done_quantity, ',' ORDER BY id) AS l FROM wb_notice_line")).rows[0].l,
];

describe('protocol bodies: every number of every exported body schema', () => {
  it('finds the body schemas and their numbers', () => {
    expect(BODY_SCHEMAS.length).toBeGreaterThan(10);
    expect(BODY_SCHEMAS.flatMap(([, s]) => numberPaths(s)).length).toBeGreaterThan(10);
  });

  it('refuses 1e20, -1e20, 1e308 and past the safe integers, as numbers and as text, at the number itself', () => {
    const wrong: string[] = [];
    for (const [name, schema] of BODY_SCHEMAS) {
      for (const path of numberPaths(schema).filter((p) => !KEPT_AS_JSON[name]?.[p.join('.')])) {
        for (const value of [1e20, -1e20, 1e308, 2 ** 63, '100000000000000000000', '-100000000000000000000']) {
          const result = schema.safeParse(bodyWith(path, value));
          if (result.success || !result.error.issues.some((i) => i.path.join('.') === path.join('.'))) wrong.push(`${name} ${path.join('.')}=${JSON.stringify(value)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('knows where each figure a call writes lands: a column sent to below, JSON, or an int column its schema keeps far inside', () => {
    const unplaced: string[] = [];
    for (const [name, schema] of BODY_SCHEMAS) {
      for (const path of numberPaths(schema)) {
        const at = path.join('.');
        if (LANDINGS[name]?.[at] || KEPT_AS_JSON[name]?.[at] || isId(path)) continue;
        // a count, a page or a width: its schema refuses what an int4 column could not hold
        const result = schema.safeParse(bodyWith(path, 2 ** 31));
        if (result.success || !result.error.issues.some((i) => i.path.join('.') === at)) unplaced.push(`${name} ${at}`);
      }
    }
    expect(unplaced).toEqual([]);
    for (const landings of Object.values(KEPT_AS_JSON)) {
      for (const column of Object.values(landings)) expect(columnOf(...(column.split('.') as [string, string]))?.data_type, column).toBe('jsonb');
    }
  });

  it('answers 400 naming the field to a value past its column, sent to the call, and writes nothing', async () => {
    await fixtures();
    const before = [await rowCounts([]), await databaseFingerprint(pool), ...(await ticketsAndLines())];
    const wrong: string[] = [];
    let sent = 0;
    for (const [name, landings] of Object.entries(LANDINGS)) {
      for (const [at, landing] of Object.entries(landings)) {
        const c = columnOf(...(landing.column.split('.') as [string, string]));
        expect(c, landing.column).toBeDefined();
        const path = at.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
        for (const value of extremes(boundOf(c as ColumnType))) {
          const res = await landing.send(path, value);
          sent += 1;
          const body = res.json();
          if (res.statusCode !== 400 || body.data?.field !== at) wrong.push(`${name} ${at}=${JSON.stringify(value)}: ${res.statusCode} ${body.msg} (${body.data?.field})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(9 * 8);
    expect([await rowCounts([]), await databaseFingerprint(pool), ...(await ticketsAndLines())]).toEqual(before);
  });
});
