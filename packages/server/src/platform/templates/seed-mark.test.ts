import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { ALL_TEMPLATES } from '../../domain/templates';
import { logListTemplate } from '../../domain/system/templates';
import { seedTemplatesOnChange } from './seed';

const ctx = await createTestApp();
const { db, pool } = ctx.database;

const explainOf = async (code: string, field: string) =>
  (await pool.query<{ field_explain: string }>(
    `SELECT f.field_explain FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = $1 AND f.field_name = $2`, [code, field],
  )).rows[0]?.field_explain;

describe("a start's template seed, skipped when nothing changed", () => {
  it('writes when no start has marked the templates, then skips the next start', async () => {
    await pool.query('DELETE FROM sys_seed_mark');
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(true);
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(false);
    expect((await pool.query('SELECT name FROM sys_seed_mark')).rows).toEqual([{ name: 'templates' }]);
  });

  it('writes again when the code declares something else, and when it goes back', async () => {
    const field = logListTemplate.fields[0];
    const changed = [{ ...logListTemplate, fields: [{ ...field, fieldExplain: `${field.fieldExplain}（新）` }, ...logListTemplate.fields.slice(1)] },
      ...ALL_TEMPLATES.filter((t) => t !== logListTemplate)];
    expect(await seedTemplatesOnChange(db, changed)).toBe(true);
    expect(await explainOf(logListTemplate.formatCode, field.fieldName)).toBe(`${field.fieldExplain}（新）`);
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(true);
    expect(await explainOf(logListTemplate.formatCode, field.fieldName)).toBe(field.fieldExplain);
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(false);
  });

  it("writes again when a template's row was changed since (by hand, not by the template editor)", async () => {
    const field = logListTemplate.fields[0];
    await pool.query(
      `UPDATE cg_format_field SET field_explain = 'x' WHERE field_name = $2 AND format_id = (SELECT id FROM cg_format WHERE format_code = $1)`,
      [logListTemplate.formatCode, field.fieldName],
    );
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(true);
    expect(await explainOf(logListTemplate.formatCode, field.fieldName)).toBe(field.fieldExplain);
  });

  it('writes again when a menu entry the lists bind to has changed', async () => {
    await pool.query(`UPDATE sys_menu SET hidden = NOT hidden WHERE id = (SELECT min(id) FROM sys_menu)`);
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(true);
    expect(await seedTemplatesOnChange(db, ALL_TEMPLATES)).toBe(false);
  });
});
