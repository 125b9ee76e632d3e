import { describe, expect, it } from 'vitest';
import { opsForFieldType } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../test/harness';
import { call } from '../../test/api';
import type { FieldDef } from '../platform/templates/define';
import { ALL_TEMPLATES } from './templates';

// Every list a family declares must run every search and sort it offers: a columnSql that does
// not fit its field type (text compared as a number, a column that is gone) fails here, not on
// a user's screen.
const ctx = await createTestApp();
const { app } = ctx;

const sample = (f: FieldDef): string | number | boolean => {
  if (f.fieldType === 'NUMBER') return '1.5';
  if (f.fieldType === 'DATE' || f.fieldType === 'TIME') return '2026-01-01 08:00:00';
  if (f.fieldType === 'BOOLEAN') return true;
  if (f.options?.length) return f.options[0].value;
  return 'x';
};

const lists = ALL_TEMPLATES.filter((t) => t.formatType === 'LIST' && t.resUrl);

describe.each(lists.map((t) => [t.formatCode, t] as const))('the list %s', (_code, t) => {
  it('runs every operator on every searchable field, and every sort', async () => {
    const { authorization } = await bearerFor(app, 'admin');
    const failures: string[] = [];
    const run = async (what: string, body: unknown) => {
      const res = await call(app, 'POST', t.resUrl as string, authorization, body);
      if (res.statusCode !== 200) failures.push(`${what}: ${res.statusCode} ${res.body}`);
    };
    for (const f of t.fields.filter((x) => x.iallowQuery || x.iallowAdvanceQuery)) {
      for (const op of opsForFieldType(f.fieldType)) {
        await run(`${f.fieldName} ${op}`, { search: [{ key: f.fieldName, op, val: op === 'in' ? [sample(f)] : sample(f) }] });
      }
    }
    for (const f of t.fields.filter((x) => x.isortField)) {
      for (const dir of ['asc', 'desc']) await run(`sort ${f.fieldName} ${dir}`, { sort: [{ key: f.fieldName, dir }] });
    }
    expect(failures).toEqual([]);
  });
});
