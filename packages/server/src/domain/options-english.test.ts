import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

const ctx = await createTestApp();
const { pool } = ctx.database;

/**
 * A list's tags, a search's choices and a form's select show an option's label; in English the
 * web shows its labelEn and falls back to the Chinese when there is none. Every option the
 * families seed (states, directions, source kinds, log actions...) carries its English text, so a
 * plant user who switched language never meets a Chinese word in an English screen.
 */
describe('English labels of the seeded options', () => {
  it('every option of every seeded template field has its English label', async () => {
    const { rows } = await pool.query(
      `SELECT DISTINCT c.format_code || '.' || f.field_name || '=' || (o->>'value') AS option
         FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id, jsonb_array_elements(f.options) o
        WHERE coalesce(trim(o->>'labelEn'), '') = '' ORDER BY 1`,
    );
    expect(rows.map((r) => r.option)).toEqual([]);
  });

  it('every seeded menu entry and button has its English name', async () => {
    const { rows } = await pool.query(`SELECT kind || ' ' || name AS entry FROM sys_menu WHERE coalesce(trim(name_en), '') = '' ORDER BY 1`);
    expect(rows.map((r) => r.entry)).toEqual([]);
  });

  it('every seeded role has its English name', async () => {
    const { rows } = await pool.query(`SELECT role_code FROM sys_role WHERE coalesce(trim(role_name_en), '') = '' ORDER BY 1`);
    expect(rows.map((r) => r.role_code)).toEqual([]);
  });
});
