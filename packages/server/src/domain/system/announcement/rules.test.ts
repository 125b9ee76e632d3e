import { describe, expect, it } from 'vitest';
import { announcementCreate, boardOrder, unknownRoles, windowEndsAfterStart } from './rules';

describe('announcement rules', () => {
  it('orders the board pinned first, then the newest window, then the newest row', () => {
    const rows = [
      { id: '1', pinned: false, publishFrom: '2026-05-01 08:00:00' },
      { id: '2', pinned: true, publishFrom: '2026-04-01 08:00:00' },
      { id: '3', pinned: false, publishFrom: '2026-05-02 08:00:00' },
      { id: '10', pinned: false, publishFrom: '2026-05-01 08:00:00' },
    ];
    expect(boardOrder(rows).map((r) => r.id)).toEqual(['2', '3', '10', '1']);
  });

  it('needs the window to end after it starts', () => {
    expect(windowEndsAfterStart('2026-05-01 08:00:00', '2026-05-01 08:00:01')).toBe(true);
    expect(windowEndsAfterStart('2026-05-01 08:00:00', '2026-05-01 08:00:00')).toBe(false);
    expect(windowEndsAfterStart('2026-05-01 08:00', '2026-05-01 08:00:00')).toBe(false);
  });

  it('names the roles the archive does not hold', () => {
    expect(unknownRoles(['A', 'B', 'C'], ['B'])).toEqual(['A', 'C']);
  });

  it('reads the roles from the popup\'s comma list or the tags\' array, once each', () => {
    const base = { title: 't', body: 'b', publishWindow: ['2026-05-01 08:00:00', '2026-05-02 08:00:00'] };
    expect(announcementCreate.parse({ entity: { ...base, roleCodes: 'A, B,A' } }).entity.roleCodes).toEqual(['A', 'B']);
    expect(announcementCreate.parse({ entity: { ...base, roleCodes: ['A'] } }).entity).toMatchObject({ roleCodes: ['A'], pinned: false, level: 'NORMAL' });
  });
});
