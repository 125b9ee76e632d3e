import { describe, expect, it } from 'vitest';
import { isValidPlate, normalisePlate, plateKind } from './plate';

describe('normalisePlate', () => {
  it('upper-cases and strips spaces and the separator dot', () => {
    expect(normalisePlate('浙e·12345')).toBe('浙E12345');
    expect(normalisePlate(' 浙 E 1234挂 ')).toBe('浙E1234挂');
    expect(normalisePlate('苏B•A1234')).toBe('苏BA1234');
    expect(normalisePlate('皖F\u30FB3Q762')).toBe('皖F3Q762');
    expect(normalisePlate('浙E\u00A012345')).toBe('浙E12345');
  });

  it('folds full-width letters and digits typed with a Chinese input method', () => {
    expect(normalisePlate('浙Ｅ１２３４５')).toBe('浙E12345');
    expect(normalisePlate('浙Ｅ\u300012345')).toBe('浙E12345');
  });

  it('is idempotent', () => {
    for (const p of ['浙E12345', '浙E1234挂', '浙AD12345']) expect(normalisePlate(normalisePlate(p))).toBe(p);
  });
});

describe('plateKind', () => {
  it('knows ordinary plates', () => {
    expect(plateKind('浙E12345')).toBe('ORDINARY');
    expect(plateKind('皖F3Q762')).toBe('ORDINARY');
    expect(plateKind('京A0000A')).toBe('ORDINARY');
  });

  it('knows new-energy plates, small (type letter first) and large (type letter last)', () => {
    expect(plateKind('浙AD12345')).toBe('NEW_ENERGY');
    expect(plateKind('浙AFA1234')).toBe('NEW_ENERGY');
    expect(plateKind('浙E12345D')).toBe('NEW_ENERGY');
    expect(plateKind('浙E12345F')).toBe('NEW_ENERGY');
    expect(plateKind('浙E12345A')).toBeNull();
    expect(plateKind('浙AZ12345')).toBeNull();
  });

  it('knows trailer and special plates', () => {
    expect(plateKind('浙E1234挂')).toBe('TRAILER');
    expect(plateKind('苏EA123挂')).toBe('TRAILER');
    expect(plateKind('粤Z1234港')).toBe('SPECIAL');
    expect(plateKind('浙A1234学')).toBe('SPECIAL');
    expect(plateKind('浙A1234警')).toBe('SPECIAL');
  });

  it('refuses what no office issues', () => {
    for (const p of ['', '浙E1234', '浙E123456', '浙E12345挂', 'ZE12345', '台A12345', '浙I12345', '浙E1O345', '浙E1I345', '浙e12345', '浙E·12345', '浙E 12345', 'E12345', '浙12345E']) {
      expect(isValidPlate(p), p).toBe(false);
    }
  });

  it('accepts every province abbreviation', () => {
    for (const p of '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼') expect(isValidPlate(`${p}A12345`)).toBe(true);
  });
});
