import { describe, expect, it } from 'vitest';
import { ID_NUMBER_MESSAGES, idNumberCheckDigit, normaliseIdNumber, validateIdNumber } from './id-number';

const today = new Date(2026, 10, 21);
const withCheck = (first17: string) => first17 + idNumberCheckDigit(first17);

describe('idNumberCheckDigit', () => {
  it('gives the check characters of the standard examples', () => {
    expect(idNumberCheckDigit('11010519491231002')).toBe('X');
    expect(idNumberCheckDigit('44052418800101001')).toBe('4');
  });

  it('maps every remainder to its character', () => {
    // find a 17-digit body for each remainder by changing the sequence digits
    const seen = new Set<string>();
    for (let n = 0; n < 1000 && seen.size < 11; n++) seen.add(idNumberCheckDigit(`33052219800101${String(n).padStart(3, '0')}`));
    expect([...seen].sort().join('')).toBe('0123456789X');
  });

  it('refuses anything but 17 digits', () => {
    expect(() => idNumberCheckDigit('1101051949123100')).toThrow();
    expect(() => idNumberCheckDigit('1101051949123100A')).toThrow();
  });
});

describe('validateIdNumber', () => {
  it('accepts valid 18- and 15-digit numbers, and a lower-case x', () => {
    expect(validateIdNumber('11010519491231002X', today)).toBeNull();
    expect(validateIdNumber('11010519491231002x', today)).toBeNull();
    expect(validateIdNumber('440524188001010014', today)).toBeNull();
    expect(validateIdNumber(withCheck('33052219850612361'), today)).toBeNull();
    expect(validateIdNumber('130503670401001', today)).toBeNull();
  });

  it('answers the shape message for wrong length or characters, and for empty values', () => {
    for (const v of ['', null, undefined, '1101051949123100', '11010519491231002XX', '1101051949123100X2', '11010519491231002Y', '13050367040100X', ' 11010519491231002X']) {
      expect(validateIdNumber(v, today)).toBe(ID_NUMBER_MESSAGES.shape);
    }
  });

  it('answers the format message for a birth date that does not exist or lies ahead', () => {
    expect(validateIdNumber(withCheck('11010519490231002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber(withCheck('11010519491301002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber(withCheck('11010519490000002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber(withCheck('11010520261122002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber(withCheck('11010517991231002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber('130503670231001', today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    // 29 February only in leap years
    expect(validateIdNumber(withCheck('11010520000229002'), today)).toBeNull();
    expect(validateIdNumber(withCheck('11010519000229002'), today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    expect(validateIdNumber(withCheck('11010520261121002'), today)).toBeNull();
  });

  it('answers the address message for an unknown province code', () => {
    expect(validateIdNumber(withCheck('99010519491231002'), today)).toBe(ID_NUMBER_MESSAGES.region);
    expect(validateIdNumber(withCheck('10010519491231002'), today)).toBe(ID_NUMBER_MESSAGES.region);
    expect(validateIdNumber('990503670401001', today)).toBe(ID_NUMBER_MESSAGES.region);
    expect(validateIdNumber(withCheck('81000019800101001'), today)).toBeNull();
  });

  it('answers the check-digit message when only the last character is wrong', () => {
    expect(validateIdNumber('110105194912310021', today)).toBe(ID_NUMBER_MESSAGES.checkDigit);
    expect(validateIdNumber('440524188001010015', today)).toBe(ID_NUMBER_MESSAGES.checkDigit);
  });

  it('runs the checks in the spec order', () => {
    // bad date, bad province and bad check digit together: the date is reported
    expect(validateIdNumber('990105194913310021', today)).toBe(ID_NUMBER_MESSAGES.birthDate);
    // bad province and bad check digit: the province is reported
    expect(validateIdNumber('990105194912310021', today)).toBe(ID_NUMBER_MESSAGES.region);
  });

  it('keeps the four messages of the spec', () => {
    expect(Object.values(ID_NUMBER_MESSAGES)).toEqual(['身份证号校验错误!', '身份证号格式错误!', '身份证号地址编码错误!', '身份证号校验位错误!']);
  });
});

describe('normaliseIdNumber', () => {
  it('trims and raises the check letter', () => {
    expect(normaliseIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});
