/**
 * Chinese resident identity number (GB 11643): the spec's idNumber rule, shared so a form refuses
 * what the server will refuse, and the server checks drivers and registries with the same code.
 */

/** The spec's messages, in the order the checks run (screens doc section 5). */
export const ID_NUMBER_MESSAGES = {
  shape: '身份证号校验错误!',
  birthDate: '身份证号格式错误!',
  region: '身份证号地址编码错误!',
  checkDigit: '身份证号校验位错误!',
} as const;

export type IdNumberMessage = (typeof ID_NUMBER_MESSAGES)[keyof typeof ID_NUMBER_MESSAGES];

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/**
 * First two digits of the address code: the provinces, plus 71/81/82 and 83, the prefixes that
 * Taiwan, Hong Kong and Macau residents' permits use, since plants register those drivers too.
 */
const PROVINCE_CODES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

/** Check character of an 18-digit number, from its first 17 digits. */
export function idNumberCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idNumberCheckDigit needs 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** Trimmed and with a lower-case check letter raised, the form stored in the database. */
export function normaliseIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * null when valid, else the first failing check's message. An empty value fails the shape check:
 * whether the field may be left empty is the caller's decision. `today` bounds the birth date.
 */
export function validateIdNumber(value: string | null | undefined, today: Date = new Date()): IdNumberMessage | null {
  const v = (value ?? '').toUpperCase();
  if (!/^(\d{15}|\d{17}[\dX])$/.test(v)) return ID_NUMBER_MESSAGES.shape;
  // 15-digit numbers (issued before 1999) carry a two-digit year of the 1900s
  const birth = v.length === 18 ? v.slice(6, 14) : `19${v.slice(6, 12)}`;
  if (!isBirthDate(birth, today)) return ID_NUMBER_MESSAGES.birthDate;
  if (!PROVINCE_CODES.has(v.slice(0, 2))) return ID_NUMBER_MESSAGES.region;
  if (v.length === 18 && idNumberCheckDigit(v.slice(0, 17)) !== v[17]) return ID_NUMBER_MESSAGES.checkDigit;
  return null;
}

function isBirthDate(yyyymmdd: string, today: Date): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  // GB 11643 itself gives an example born in 1880
  if (y < 1800) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  const now = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  return yyyymmdd <= now;
}
