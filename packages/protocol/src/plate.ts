/**
 * Chinese licence plates (GA 36-2018), as a weighbridge meets them: typed by hand, read by a
 * camera, printed on a ticket. One normal form, so 浙E·12345, 浙e 12345 and 浙Ｅ１２３４５ are one truck.
 */

/** Province abbreviations, the first character of every civil plate. */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

export type PlateKind = 'ORDINARY' | 'NEW_ENERGY' | 'TRAILER' | 'SPECIAL';

// The separator dot as typed or pasted: middle dot, bullet, katakana and half-width middle dots,
// hyphenation point and dot operator.
const DOTS = /[\u00B7\u2022\u30FB\uFF65\u2027\u22C5]/g;

/**
 * Full-width letters and digits folded (NFKC), upper-cased, whitespace and separator dots removed.
 * Does not judge validity: see plateKind.
 */
export function normalisePlate(value: string): string {
  return value.normalize('NFKC').toUpperCase().replace(/\s+/g, '').replace(DOTS, '');
}

const P = `[${PLATE_PROVINCES}]`;
// The issuing office letter: never I (mistaken for 1); O is allowed, it marks police offices.
const OFFICE = '[A-HJ-Z]';
// Serial characters: letters I and O are never used (mistaken for 1 and 0).
const S = '[A-HJ-NP-Z0-9]';
// New-energy type letters: D, A, B, C, E pure electric; F, G, H, J, K other new energy.
const NEV = '[A-HJK]';

const PATTERNS: [PlateKind, RegExp][] = [
  ['ORDINARY', new RegExp(`^${P}${OFFICE}${S}{5}$`)],
  // small new-energy vehicles put the type letter first, large ones (trucks, buses) last
  ['NEW_ENERGY', new RegExp(`^${P}${OFFICE}${NEV}${S}\\d{4}$`)],
  ['NEW_ENERGY', new RegExp(`^${P}${OFFICE}\\d{5}[DF]$`)],
  ['TRAILER', new RegExp(`^${P}${OFFICE}${S}{4}挂$`)],
  // coach, police, Hong Kong and Macau cross-border, consulate, test and oversize plates
  ['SPECIAL', new RegExp(`^${P}${OFFICE}${S}{4}[学警港澳领试超]$`)],
];

/** The kind of a plate already in normal form, or null when it is not a valid plate. */
export function plateKind(plate: string): PlateKind | null {
  for (const [kind, re] of PATTERNS) if (re.test(plate)) return kind;
  return null;
}

/** True when the plate, in normal form, is a valid civil plate of any kind. */
export function isValidPlate(plate: string): boolean {
  return plateKind(plate) !== null;
}
