import { describe, expect, it } from 'vitest';
import { plantDateTime } from '../plant-time';

describe("the plant's clock", () => {
  it("shows an instant in the plant's zone, whatever the browser's", () => {
    expect(plantDateTime('2030-12-31T16:00:00.000Z', 'Asia/Shanghai')).toBe('2031-01-01 00:00:00');
    expect(plantDateTime('2026-11-28T07:57:55+00:00', 'Asia/Shanghai')).toBe('2026-11-28 15:57:55');
    expect(plantDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
  });

  it("shows a wall-clock text as sent, and nothing for no value", () => {
    expect(plantDateTime('2026-11-28 08:00:00', 'Asia/Shanghai')).toBe('2026-11-28 08:00:00');
    expect(plantDateTime(null, 'Asia/Shanghai')).toBe('');
    expect(plantDateTime('', 'Asia/Shanghai')).toBe('');
  });

  it('falls back to the browser when the zone is unknown or not one', () => {
    expect(plantDateTime('2026-11-28 08:00:00', undefined)).toBe('2026-11-28 08:00:00');
    expect(plantDateTime('2026-11-28T08:00:00Z', 'Not/AZone')).toMatch(/^2026-11-28 \d{2}:00:00$/);
  });
});
