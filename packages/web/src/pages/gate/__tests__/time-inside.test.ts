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

  it("reads an entry time sent without a zone on the plant's clock (Asia/Shanghai), whatever the browser's", () => {
    const at = (iso: string) => new Date(iso).getTime();
    // 15:00 at the plant is 07:00 UTC; at 08:19 UTC the truck has been inside 1 h 19 min
    expect(timeInside('2026-11-28 15:00:00', at('2026-11-28T08:19:10Z'), '{{h}}小时{{m}}分')).toBe('1小时19分');
  });
});
