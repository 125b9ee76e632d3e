import { describe, expect, it } from 'vitest';
import type { TeamReport } from '@wb/protocol';
import { reportLines } from '../report-lines';

const report: TeamReport = {
  from: '2026-11-10', to: '2026-11-10',
  teams: [{ seq: 1, name: '白班', nameEn: null, start: '08:00', end: '20:00' }, { seq: 2, name: '夜班', nameEn: null, start: '20:00', end: '08:00' }],
  rows: [{ team: 1, kind: 'pu', materialId: '1', materialName: '石灰石', counterparty: '甲', trips: 3, net: '51.7500' }],
  teamTotals: [{ team: 1, trips: 3, net: '51.7500' }, { team: 2, trips: 0, net: '0.0000' }],
  total: { trips: 3, net: '51.7500' },
};

describe('the report table', () => {
  it('lists each team\'s groups, its subtotal, and the total last, with the server\'s figures', () => {
    const lines = reportLines(report, (seq) => (seq === 1 ? '白班' : '夜班'));
    expect(lines.map((l) => [l.type, l.team, l.trips, l.net])).toEqual([
      ['row', '白班', 3, '51.7500'],
      ['subtotal', '白班', 3, '51.7500'],
      ['subtotal', '夜班', 0, '0.0000'],
      ['total', '', 3, '51.7500'],
    ]);
  });
});
