import { describe, expect, it } from 'vitest';
import { timeInside } from '../InPlantPage';

describe('time inside the plant', () => {
  it('counts whole minutes since the gate-in', () => {
    const entered = '2026-01-01T08:00:00Z';
    const at = (iso: string) => new Date(iso).getTime();
    expect(timeInside(entered, at('2026-01-01T09:05:59Z'), '{{h}}小时{{m}}分')).toBe('1小时05分');
    expect(timeInside(entered, at('2026-01-01T08:00:30Z'), '{{h}}小时{{m}}分')).toBe('0小时00分');
    expect(timeInside(null, at('2026-01-01T08:00:30Z'), '{{h}}小时{{m}}分')).toBe('');
  });
});
