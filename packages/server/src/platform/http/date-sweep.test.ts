import { beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@wb/protocol';
import { dateKindOf } from '@wb/protocol';
import { z } from 'zod';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, databaseFingerprint } from '../../../test/api';
import { MODULES } from '../../domain/modules';
import type { DocumentFamily } from '../documents/define';
import { readChildRows } from '../documents/children';

/**
 * Dates as a class (DESIGN.md section 3): every date a call takes is the protocol's one reading
 * (protocol dates.ts: a real calendar day inside the platform's window). This file finds every date
 * of every module action's schemas, of every exported body schema, of every served document family
 * (and its child rows) and of every list's date filters, sends days that do not exist and days no
 * plant's business falls on, and expects a 400 with a message and nothing written. A new body with a
 * date-named text field that is not one of the protocol's dates fails here until it is.
 */
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let admin: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
});

const IMPOSSIBLE = ['2026-02-30', '2026-04-31', '2026-13-01', '2025-02-29 08:00:00'];
const IMPLAUSIBLE = ['1000-01-01', '9999-12-31', '1899-12-31 00:00:00'];
const BAD_DAYS = [...IMPOSSIBLE, ...IMPLAUSIBLE];
/** The same days as a program sends a moment (with its zone), for the fields that take one. */
const BAD_INSTANTS = ['2026-02-30T08:00:00+08:00', '2026-13-01T00:00:00Z', '1000-01-01T00:00:00Z', '9999-12-31T23:59:59+08:00'];
const BAD_MONTHS = ['2026-13', '2026-00', '1000-01', '9999-12'];
const BAD_COMPACT = ['20260230', '20261301', '10000101', '99991231'];
const badValuesFor = (kind: string) => ({ instant: BAD_INSTANTS, month: BAD_MONTHS, compactDate: BAD_COMPACT })[kind] ?? BAD_DAYS;
const goodValueFor = (kind: string) => ({ instant: '2026-11-28T08:00:00+08:00', month: '2026-11', date: '2024-02-29', compactDate: '20240229' })[kind] ?? '2024-02-29 23:59:59';

type Path = (string | number)[];
type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A date found in a schema: where, of which kind, and the literal fields its object needs beside it (a discriminated union's tag). */
type Found = [Path, string, Record<string, Record<string, unknown>>];

/** Every place in a schema where a protocol date is read, with its kind; and the date-named text fields that are not one. */
function datePaths(schema: z.ZodType, at: Path = [], out: { dates: Found[]; unmarked: Path[] } = { dates: [], unmarked: [] }, name = '', fixed: Record<string, Record<string, unknown>> = {}) {
  const kind = dateKindOf(schema);
  if (kind) { out.dates.push([at, kind, fixed]); return out; }
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const literals = Object.fromEntries(Object.entries(shape).flatMap(([k, s]) => (defOf(s).type === 'literal' ? [[k, (defOf(s).values as unknown[])[0]]] : [])));
      const here = { ...fixed, [at.join('.')]: literals };
      for (const [k, s] of Object.entries(shape)) datePaths(s, [...at, k], out, k, here);
      break;
    }
    // an element is named by nothing: a list of recipients under `to` holds no day
    case 'array': datePaths(def.element as z.ZodType, [...at, 0], out, '', fixed); break;
    case 'union': for (const o of def.options as z.ZodType[]) datePaths(o, at, out, name, fixed); break;
    // the output side first: a text checked and then read as a date is a date
    case 'pipe': datePaths(def.out as z.ZodType, at, out, name, fixed); datePaths(def.in as z.ZodType, at, out, name, fixed); break;
    case 'optional': case 'nullable': case 'default': case 'readonly': case 'catch': case 'nonoptional': case 'prefault':
      datePaths(def.innerType as z.ZodType, at, out, name, fixed); break;
    case 'string': if (DATE_NAMED.test(name) && !out.dates.some(([p]) => p.join('.') === at.join('.'))) out.unmarked.push(at); break;
    default: break;
  }
  return out;
}
// a text field whose name says it holds a day or a time
const DATE_NAMED = /(^(from|to|day|month|date)$|Date$|At$|On$|Time$|^period(From|To)$|(From|To)$)/;

/** A body holding only `value` at `path`, and the literal fields each object on the way needs. */
function bodyWith(path: Path, value: unknown, fixed: Record<string, Record<string, unknown>> = {}, at: Path = []): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [bodyWith(rest, value, fixed, [...at, head])];
  return { ...(fixed[at.join('.')] ?? {}), [head]: bodyWith(rest, value, fixed, [...at, head]) };
}

const ACTIONS = MODULES.flatMap((m) => m.actions ?? []);
const PROTOCOL_BODIES = Object.entries(protocol).filter(([name, v]) => name.endsWith('Body') && v instanceof z.ZodType) as [string, z.ZodType][];
const servedFamilies = (): DocumentFamily[] => MODULES.flatMap((m) => m.documents ?? []);
const isDay = (type: string) => type === 'date' || type === 'datetime';

describe('every date a schema takes is the protocol date', () => {
  const schemas: [string, z.ZodType][] = [
    ...PROTOCOL_BODIES,
    ...ACTIONS.flatMap((a) => (['body', 'query', 'params'] as const).filter((k) => a[k]).map((k) => [`${a.method ?? 'POST'} ${a.path} ${k}`, a[k] as z.ZodType] as [string, z.ZodType])),
  ];

  it('finds dates in the action and body schemas, and no date-named text that is not one', () => {
    const unmarked = schemas.flatMap(([name, s]) => datePaths(s).unmarked.map((p) => `${name} ${p.join('.')}`));
    expect(unmarked).toEqual([]);
    expect(schemas.flatMap(([, s]) => datePaths(s).dates).length).toBeGreaterThan(10);
  });

  it('refuses a day that does not exist or lies outside the window, at the date itself, with a message', () => {
    const wrong: string[] = [];
    for (const [name, schema] of schemas) {
      for (const [path, kind, fixed] of datePaths(schema).dates) {
        for (const value of badValuesFor(kind)) {
          const result = schema.safeParse(bodyWith(path, value, fixed));
          const issue = result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === path.join('.'));
          if (!issue || !issue.message) wrong.push(`${name} ${path.join('.')}=${value}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes a real day inside the window', () => {
    const wrong: string[] = [];
    for (const [name, schema] of schemas) {
      for (const [path, kind, fixed] of datePaths(schema).dates) {
        const result = schema.safeParse(bodyWith(path, goodValueFor(kind), fixed));
        if (!result.success && result.error.issues.some((i) => i.path.join('.') === path.join('.'))) wrong.push(`${name} ${path.join('.')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 with a message to each action sent such a day, and writes nothing', async () => {
    const before = await databaseFingerprint(pool);
    const wrong: string[] = [];
    let sent = 0;
    for (const action of ACTIONS.filter((a) => a.body)) {
      // a path's id names a document that need not exist: the body is read, and refused, first
      const url = action.path.replace(/:[A-Za-z_]+/g, '1');
      for (const [path, kind, fixed] of datePaths(action.body as z.ZodType).dates) {
        for (const value of badValuesFor(kind).slice(0, 3)) {
          const res = await call(app, action.method ?? 'POST', url, admin, bodyWith(path, value, fixed));
          sent += 1;
          const body = res.json();
          if (res.statusCode !== 400 || typeof body.msg !== 'string' || body.msg.length === 0) wrong.push(`${url} ${path.join('.')}=${value}: ${res.statusCode} ${body.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(10);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });
});

describe('document families: every date and time field', () => {
  it('answers 400 naming the field to a day that does not exist or lies outside the window, on create, and writes nothing', async () => {
    const families = servedFamilies();
    const before = await databaseFingerprint(pool);
    const wrong: string[] = [];
    let sent = 0;
    for (const family of families) {
      for (const f of family.fields.filter((d) => isDay(d.type) && !d.derived)) {
        for (const value of BAD_DAYS) {
          const res = await call(app, 'POST', `${family.base}/create`, admin, { entity: { [f.name]: value } });
          sent += 1;
          const body = res.json();
          const named = body.data?.field === f.name || (body.data?.errors ?? []).some((e: { field: string }) => e.field === f.name);
          if (res.statusCode !== 400 || !named) wrong.push(`${family.base} ${f.name}=${value}: ${res.statusCode} ${body.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(50);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses such a day in a child row, naming the row and the field', () => {
    const wrong: string[] = [];
    for (const family of servedFamilies()) {
      const children = family.children;
      if (!children) continue;
      for (const f of children.fields.filter((d) => isDay(d.type))) {
        for (const value of BAD_DAYS) {
          const { problems } = readChildRows(children, [{ [f.name]: value }]);
          if (!problems.some((p) => p.row === 1 && p.field === f.name)) wrong.push(`${family.base} entitysub ${f.name}=${value}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 naming the key to a list filter on such a day', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const family of servedFamilies()) {
      const fields = family.listTemplate.fields.filter((f) => (f.fieldType === 'DATE' || f.fieldType === 'TIME') && (f.iallowQuery || f.iallowAdvanceQuery));
      for (const f of fields) {
        for (const value of ['2026-02-30', '1000-01-01', '9999-12-31 23:59:59']) {
          const res = await call(app, 'POST', `${family.base}/v2/list`, admin, { search: [{ key: f.fieldName, op: 'ge', val: value }], limit: { pn: 1, ps: 10 } });
          sent += 1;
          const body = res.json();
          if (res.statusCode !== 400 || !String(body.msg).includes(f.fieldName)) wrong.push(`${family.base} ${f.fieldName}=${value}: ${res.statusCode} ${body.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(10);
  });
});

describe('the reads that take a period', () => {
  it('answer 400 with a message, never a 500, to an impossible or implausible period', async () => {
    const { rows } = await pool.query('SELECT id::text FROM md_customer LIMIT 1');
    const customerId = rows[0]?.id ?? '1';
    const wrong: string[] = [];
    const expect400 = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await call(app, method, url, admin, body);
      if (res.statusCode !== 400 || !res.json().msg) wrong.push(`${method} ${url} ${JSON.stringify(body ?? '')}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    for (const [from, to] of [['2026-02-30', '2026-03-01'], ['2026-01-01', '2026-04-31'], ['1000-01-01', '2026-01-01'], ['2026-01-01', '9999-12-31'], ['2026-13-01', '2026-12-31']]) {
      await expect400('GET', `/api/money/statement?customerId=${customerId}&from=${from}&to=${to}`);
      await expect400('GET', `/api/quality/report?from=${from}&to=${to}`);
      await expect400('POST', '/api/report/team', { from, to });
      await expect400('POST', '/api/settlement/reconcile', { party: 'customer', from, to });
    }
    for (const month of BAD_MONTHS) await expect400('GET', `/api/sale/plan/chart?month=${month}`);
    expect(wrong).toEqual([]);
  });
});
