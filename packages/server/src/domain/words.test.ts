import { describe, expect, it } from 'vitest';
import type { MenuSeed } from '../platform/menu/define';
import { MENU_TREE } from '../seed/menus';
import { ALL_TEMPLATES } from './templates';

/**
 * Words, not codes: what a screen shows in Chinese comes in Chinese. A list or form column that
 * holds a state, kind or mode code is bound to its dictionary (the field's options, which the web
 * shows by their labels), and no Chinese label, template name or menu entry carries an English
 * word or an upper-case code beside the Chinese. The browser walk of every page (e2e words.e2e.ts)
 * reads the same on the screens.
 */

/** Upper-case words a Chinese label uses as they are: trade abbreviations. */
const ALLOWED_CODES = new Set(['IC', 'ERP', 'SAP', 'PDF', 'QR', 'ID', 'SSL', 'URL', 'API']);
/** Latin words a Chinese label keeps: the one brand word of the system area. */
const ALLOWED_WORDS = new Set(['Web']);

export function foreignWords(text: string): string[] {
  const codes = [...text.matchAll(/\b[A-Z][A-Z_]{2,}\b/g)].map((m) => m[0]).filter((w) => !ALLOWED_CODES.has(w));
  // a date pattern (yyyy, yyyyMMdd) is a format, not a word
  const words = [...text.matchAll(/\b[A-Za-z][a-z]{2,}\b/g)].map((m) => m[0]).filter((w) => !ALLOWED_WORDS.has(w) && !/^[yMd]+$/.test(w));
  return [...codes, ...words];
}

/**
 * A shown column reading a table's code column: a state, status, kind, mode, side, source or
 * direction. Free text a plant types (a vehicle's type, a number prefix's document kind) and
 * numbers (an HTTP status, an axle count) are not codes of a dictionary.
 */
const CODE_COLUMN = /^(t\.)?([a-z_]+_)?(state|status|kind|mode|side|source|direction)$/;
const FREE_TEXT = new Set(['t.doc_kind']);

const shown = ALL_TEMPLATES.flatMap((t) => (t.fields ?? []).filter((f) => f.ishow !== false && !f.ihidden).map((f) => ({ t, f })));

describe('words, not codes, in the templates and the menu', () => {
  it('binds every shown column that holds a state or kind code to its dictionary', () => {
    const unbound = shown
      .filter(({ f }) => CODE_COLUMN.test((f.columnSql ?? '').trim()) && !FREE_TEXT.has((f.columnSql ?? '').trim()))
      .filter(({ f }) => f.fieldType !== 'NUMBER' && !(f.options?.length))
      .map(({ t, f }) => `${t.formatCode}.${f.fieldName}`);
    expect(unbound).toEqual([]);
  });

  it('gives every choice of a dictionary a Chinese label, not its code', () => {
    const coded = shown.flatMap(({ t, f }) => (f.options ?? [])
      .filter((o) => foreignWords(o.label).length > 0)
      .map((o) => `${t.formatCode}.${f.fieldName}=${String(o.value)}: ${o.label}`));
    expect(coded).toEqual([]);
  });

  it('has no English word or upper-case code in a Chinese label, template name or menu entry', () => {
    const labels = ALL_TEMPLATES.flatMap((t) => [
      { at: t.formatCode, text: t.formatName },
      ...(t.fields ?? []).filter((f) => f.ishow !== false && !f.ihidden).map((f) => ({ at: `${t.formatCode}.${f.fieldName}`, text: f.fieldExplain })),
    ]);
    const walk = (items: MenuSeed[]): { at: string; text: string }[] =>
      items.flatMap((m) => [{ at: m.path, text: m.name }, ...(m.buttons ?? []).map((b) => ({ at: b.permission, text: b.name })), ...walk(m.children ?? [])]);
    const english = [...labels, ...walk(MENU_TREE)].filter(({ text }) => foreignWords(text).length > 0).map(({ at, text }) => `${at}: ${text}`);
    expect(english).toEqual([]);
  });

  it('catches a code and an English word, and lets the trade abbreviations be', () => {
    expect(foreignWords('状态 FIRST_WEIGHED 刷新 Reload IC卡 ERP编码 Web服务日志 CGHT2026001')).toEqual(['FIRST_WEIGHED', 'Reload']);
  });
});
