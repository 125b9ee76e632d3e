import { normalisePlate } from '@wb/protocol';

/**
 * Quick entry of a plate's province (spec section 5): an operator types one Latin letter for the
 * province character, since most keyboards at a weighbridge have no Chinese input method. The
 * letters follow the province's romanised name; where two collide the neighbour letter is used.
 */
export const PROVINCE_BY_LETTER: Readonly<Record<string, string>> = {
  A: '皖', // Anhui
  B: '京', // Beijing
  C: '渝', // Chongqing
  D: '鲁', // Shandong
  E: '鄂', // Hubei
  F: '闽', // Fujian
  G: '粤', // Guangdong
  H: '冀', // Hebei
  I: '晋', // Shanxi (after H)
  J: '苏', // Jiangsu
  K: '赣', // Jiangxi
  L: '辽', // Liaoning
  M: '蒙', // Inner Mongolia
  N: '宁', // Ningxia
  O: '黑', // Heilongjiang
  P: '陕', // Shaanxi
  Q: '青', // Qinghai
  R: '吉', // Jilin
  S: '沪', // Shanghai
  T: '津', // Tianjin
  U: '湘', // Hunan
  V: '桂', // Guangxi
  W: '新', // Xinjiang
  X: '藏', // Xizang
  Y: '云', // Yunnan
  Z: '浙', // Zhejiang
};

/**
 * The plate as typed, upper-cased; a value that is a single letter becomes that letter's province.
 * (Further letters and digits follow as the operator goes on typing.)
 */
export function enterPlate(typed: string): string {
  const upper = typed.toUpperCase();
  if (/^[A-Z]$/.test(upper.trim())) return PROVINCE_BY_LETTER[upper.trim()] ?? upper;
  return upper;
}

/** The plate as saved: the shared normal form (no spaces or dots, full-width folded). */
export const plateToSave = (value: string) => normalisePlate(value);

export const isPlateField = (fieldName: string) => fieldName === 'plateNumber' || /PlateNumber$/.test(fieldName);
