import { describe, expect, it } from 'vitest';
import type { ReportParam } from '@wb/protocol';
import { filtersFromQuery } from '../filters';

const params: ReportParam[] = [
  { key: 'since', title: '起始日期', titleEn: 'Since', type: 'date' },
  { key: 'period', title: '期间', titleEn: 'Period', type: 'dateRange' },
  { key: 'n', title: '行数', titleEn: 'Rows', type: 'number' },
  { key: 'secret', title: '隐藏', titleEn: 'Hidden', type: 'text' },
];
const definition = { params: [{ key: 'secret', hidden: true }] };

describe("an embedded report's initial filter from its address", () => {
  it('takes the shown parameters over the defaults, a range as from,to or From/To, a number as a number', () => {
    const start = { since: '2026-01-01', n: 5 };
    expect(filtersFromQuery(params, definition, new URLSearchParams('since=2026-01-02&period=2026-01-01,2026-01-31&n=12&secret=x&other=1'), start))
      .toEqual({ since: '2026-01-02', period: ['2026-01-01', '2026-01-31'], n: 12 });
    expect(filtersFromQuery(params, definition, new URLSearchParams('periodFrom=2026-02-01&periodTo=2026-02-03'), start))
      .toEqual({ since: '2026-01-01', n: 5, period: ['2026-02-01', '2026-02-03'] });
  });

  it('keeps a value it cannot read as the address has it (the server names it in its answer)', () => {
    expect(filtersFromQuery(params, definition, new URLSearchParams('since=2026-02-30&n=many'), {})).toEqual({ since: '2026-02-30', n: 'many' });
  });
});
