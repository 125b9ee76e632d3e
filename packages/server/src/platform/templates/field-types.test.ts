import { describe, expect, it } from 'vitest';
import { ADMIN_FORM_SUBMIT_TYPES } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call } from '../../../test/api';
import { ALL_TEMPLATES } from '../../domain/templates';

/** A DATA_BOX_TIM may carry its display pattern after the name (spec section 9): the web keys on the base name. */
const baseType = (type: string) => (type.startsWith('DATA_BOX_TIM_') ? 'DATA_BOX_TIM' : type);

const used = new Map<string, string[]>();
for (const t of ALL_TEMPLATES) {
  for (const f of t.fields) {
    if (!f.formSubmitType) continue;
    const type = baseType(f.formSubmitType);
    used.set(type, [...(used.get(type) ?? []), `${t.formatCode}.${f.fieldName}`]);
  }
}

/**
 * Field types the renderers support that no shipped screen uses yet. This list only shrinks: a
 * type leaves it when a screen a plant needs uses it (then the test asks for it to be taken out),
 * and no type the renderers support may fall out of use without being named here.
 */
const NOT_YET_USED: string[] = [];

/**
 * Every field type the web's form renderers support (one widget per formSubmitType,
 * form/fields/FieldControl.tsx) is used by at least one shipped screen, so none is kept without a
 * plant needing it and none breaks unseen.
 */
describe('the field types of the shipped templates', () => {
  it('use every form field type the renderers support, but those still named as not yet used', () => {
    expect(ADMIN_FORM_SUBMIT_TYPES.filter((type) => !used.has(type))).toEqual(NOT_YET_USED);
  });

  it('use no field type the renderers do not know', () => {
    expect([...used.keys()].filter((type) => !(ADMIN_FORM_SUBMIT_TYPES as readonly string[]).includes(type))).toEqual([]);
  });
});

const { app } = await createTestApp();

describe('the suggestions of the shipped autocomplete fields', () => {
  it('answer from the URL each field names, with the fields each suggestion shows', async () => {
    const { authorization } = await bearerFor(app, 'admin');
    const fields = ALL_TEMPLATES.flatMap((t) => t.fields.filter((f) => f.formSubmitType === 'AUTO_COMPLETE' || f.formSubmitType === 'SEARCH_AUTOMATIC').map((f) => ({ at: `${t.formatCode}.${f.fieldName}`, f })));
    expect(fields.length).toBeGreaterThanOrEqual(2);
    const failures: string[] = [];
    for (const { at, f } of fields) {
      const m = /^(GET|POST)\s+(\S+)$/.exec(f.customTable ?? '');
      if (!m) {
        failures.push(`${at}: no URL`);
        continue;
      }
      const res = await call(app, m[1] as 'GET' | 'POST', m[2].replace('{search}', ''), authorization, m[1] === 'POST' ? { search: [], limit: { pn: 1, ps: 10 } } : undefined);
      if (res.statusCode !== 200) failures.push(`${at}: ${res.statusCode} ${res.body}`);
      const row = (res.json().data.list as Record<string, unknown>[])[0];
      if (row) for (const o of f.options ?? []) if (!(String(o.value) in row)) failures.push(`${at}: a suggestion has no ${String(o.value)}`);
    }
    expect(failures).toEqual([]);
  });
});
