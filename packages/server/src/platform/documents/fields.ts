import Decimal from 'decimal.js';
import { checkDate, isId } from '@wb/protocol';
import { windowNote } from '../list/values';
import type { ImportProblem } from '@wb/protocol';
import type { DocField, EntityValues } from './define';

/**
 * Reading what a request, an import row or an ERP push says a field holds (spec section 5): blank
 * becomes null, text is trimmed, and anything the column could not hold is refused with a message
 * that names the field, before any SQL runs.
 */
export type Parsed = { ok: true; value: string | number | boolean | null } | { ok: false; message: string };

const NUMBER = /^[+-]?\d+(\.\d+)?$/;
const INTEGER = /^[+-]?\d{1,9}$/;
const TRUE = new Set(['true', '1', '是', 'Y', 'y', 'yes']);
const FALSE = new Set(['false', '0', '否', 'N', 'n', 'no']);

const okValue = (value: string | number | boolean | null): Parsed => ({ ok: true, value });
const refuse = (message: string): Parsed => ({ ok: false, message });

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);
}

/** yyyy-MM-dd of a calendar date, from a Date as spreadsheets hold it (midnight UTC). */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function readText(f: DocField, raw: unknown): Parsed {
  if (f.list) {
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
    if (!items || items.some((x) => typeof x !== 'string' && typeof x !== 'number')) return refuse(`${f.label}应为文本`);
    raw = [...new Set(items.map((x) => String(x).trim()).filter(Boolean))].join(',');
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return refuse(`${f.label}应为文本`);
  let text = String(raw).trim();
  if (f.normalise) text = f.normalise(text);
  if (text.length > (f.maxLength ?? 200)) return refuse(`${f.label}不能超过${f.maxLength ?? 200}个字符`);
  const problem = f.check?.(text);
  return problem ? refuse(problem) : okValue(text);
}

/**
 * A JSON number is read as the same value typed as text (1e20 is 100000000000000000000, not
 * '1e+20'), so both meet the same bounds. `below` bounds the magnitude: without a `min` the
 * value must also stay above -below, as the NUMERIC column holds no more on that side either.
 */
function readNumber(f: DocField, raw: unknown): Parsed {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? new Decimal(raw).toFixed() : '') : typeof raw === 'string' ? raw.trim() : '';
  if (!NUMBER.test(text)) return refuse(`${f.label}应为数字`);
  const value = new Decimal(text);
  const scale = f.scale ?? 0;
  if (f.below !== undefined && value.greaterThanOrEqualTo(f.below)) return refuse(`${f.label}应小于${f.below}`);
  if (f.min !== undefined && value.lessThan(f.min)) return refuse(`${f.label}不能小于${f.min}`);
  if (f.min === undefined && f.below !== undefined && value.lessThanOrEqualTo(-f.below)) return refuse(`${f.label}应大于-${f.below}`);
  if (value.decimalPlaces() > scale) return refuse(scale === 0 ? `${f.label}应为整数` : `${f.label}最多${scale}位小数`);
  return okValue(value.toFixed(scale));
}

function readInteger(f: DocField, raw: unknown): Parsed {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!INTEGER.test(text)) return refuse(`${f.label}应为整数`);
  const n = Number(text);
  if (f.min !== undefined && n < f.min) return refuse(`${f.label}不能小于${f.min}`);
  if (f.below !== undefined && n >= f.below) return refuse(`${f.label}应小于${f.below}`);
  return okValue(n);
}

function readBoolean(f: DocField, raw: unknown): Parsed {
  if (typeof raw === 'boolean') return okValue(raw);
  const text = String(raw).trim();
  if (TRUE.has(text)) return okValue(true);
  if (FALSE.has(text)) return okValue(false);
  return refuse(`${f.label}应为是或否`);
}

// a spreadsheet's date cell arrives as a Date at midnight UTC; typed text as yyyy-MM-dd[ HH:mm[:ss]]
function readDate(f: DocField, raw: unknown): Parsed {
  const text = raw instanceof Date ? (Number.isNaN(raw.getTime()) ? '' : isoDay(raw)) : raw;
  const checked = checkDate(text, 'dateTime');
  if (!checked.ok) return refuse(`${f.label}不是日期，应为 yyyy-MM-dd${windowNote(checked.reason)}`);
  return okValue(checked.value.slice(0, 10));
}

function readDateTime(f: DocField, raw: unknown): Parsed {
  const text = raw instanceof Date ? (Number.isNaN(raw.getTime()) ? '' : raw.toISOString()) : raw;
  const checked = checkDate(text, 'dateTime');
  return checked.ok ? okValue(checked.value) : refuse(`${f.label}不是时间，应为 yyyy-MM-dd HH:mm:ss${windowNote(checked.reason)}`);
}

/** An option by its value, or by its label as a person types it into a sheet. */
function readEnum(f: DocField, raw: unknown): Parsed {
  const text = String(raw).trim();
  const option = f.options?.find((o) => o.value === text) ?? f.options?.find((o) => o.label === text);
  return option ? okValue(option.value) : refuse(`${f.label}的值 ${text.slice(0, 40)} 不是可选值`);
}

function readId(f: DocField, raw: unknown): Parsed {
  const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return isId(text) && text !== '0' ? okValue(text) : refuse(`${f.label}应为数字编号`);
}

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Two times of day, as a list of two or as 'from,to' text; kept as 'HH:mm:ss,HH:mm:ss'. */
function readTimeRange(f: DocField, raw: unknown): Parsed {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,~]/) : [];
  const times = parts.map((p) => (typeof p === 'string' ? TIME_OF_DAY.exec(p.trim()) : null));
  if (times.length !== 2 || times.some((t) => !t)) return refuse(`${f.label}应为两个时间 HH:mm:ss`);
  const text = (times as RegExpExecArray[]).map((t) => `${t[1].padStart(2, '0')}:${t[2]}:${t[3] ?? '00'}`);
  return okValue(text.join(','));
}

/** Two days, as a list of two (the web's DATA_RANGE_BOX) or as 'from,to' text; kept as 'yyyy-MM-dd,yyyy-MM-dd'. */
function readDateRange(f: DocField, raw: unknown): Parsed {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,~]/) : [];
  const shape = `${f.label}应为两个日期 yyyy-MM-dd`;
  if (parts.length !== 2) return refuse(shape);
  const days: string[] = [];
  for (const p of parts) {
    const checked = typeof p === 'string' || p instanceof Date ? readDate(f, typeof p === 'string' ? p.trim() : p) : null;
    if (!checked || !checked.ok) return refuse(shape);
    days.push(String(checked.value));
  }
  if (days[0] > days[1]) return refuse(`${f.label}的结束日期不能早于开始日期`);
  return okValue(days.join(','));
}

/** One time of day (the web's TIME_BOX_TIM, or typed 'H:mm'); kept as 'HH:mm:ss'. */
function readTime(f: DocField, raw: unknown): Parsed {
  const t = typeof raw === 'string' ? TIME_OF_DAY.exec(raw.trim()) : null;
  if (!t) return refuse(`${f.label}应为时间 HH:mm:ss`);
  return okValue(`${t[1].padStart(2, '0')}:${t[2]}:${t[3] ?? '00'}`);
}

const READERS: Record<DocField['type'], (f: DocField, raw: unknown) => Parsed> = {
  text: readText, number: readNumber, integer: readInteger, boolean: readBoolean,
  date: readDate, datetime: readDateTime, enum: readEnum, id: readId, timeRange: readTimeRange, time: readTime, dateRange: readDateRange,
};

/** One field's value; required-ness is the entity's business (a missing key on update is no change). */
export function parseValue(f: DocField, raw: unknown): Parsed {
  if (isBlank(raw)) return okValue(null);
  return READERS[f.type](f, raw);
}

export type Problem = Omit<ImportProblem, 'row'>;

export interface ParsedEntity {
  values: EntityValues;
  problems: Problem[];
}

/**
 * The writable fields of an entity. On create a field left out takes its default; on update a
 * field left out keeps its value and one not updatable is ignored. Keys that are not writable
 * fields (id, version, names shown beside an id) are not the request's to write and are skipped.
 */
export function parseEntity(fields: DocField[], entity: Record<string, unknown>, mode: 'create' | 'update'): ParsedEntity {
  const values: EntityValues = {};
  const problems: Problem[] = [];
  for (const f of fields) {
    const present = Object.hasOwn(entity, f.name);
    if (mode === 'update' && (!present || f.updatable === false)) continue;
    const parsed = present ? parseValue(f, entity[f.name]) : okValue(f.default ?? null);
    if (!parsed.ok) {
      problems.push({ field: f.name, message: parsed.message });
      continue;
    }
    values[f.name] = parsed.value ?? (mode === 'create' ? (f.default ?? null) : null);
  }
  return { values, problems };
}

/** The spec's required message ('{label}不能为空！') for each required field left empty. */
export function missingRequired(fields: DocField[], values: EntityValues, except: string[] = []): Problem[] {
  return fields
    .filter((f) => f.required && !except.includes(f.name) && (values[f.name] === null || values[f.name] === undefined))
    .map((f) => ({ field: f.name, message: `${f.label}不能为空！` }));
}
