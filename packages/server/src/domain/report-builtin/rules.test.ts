import { describe, expect, it } from 'vitest';
import { BUILTIN_REPORTS } from './reports';
import { reportBuiltinModule } from './module';
import { addDays, monthBounds, readDay, readId, readMonth, readRange, readYear, sameDayLastMonth, yearBounds } from './rules';

describe('the plant days the reports compare', () => {
  it('steps days across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('takes the same day last month, or that month\'s last day', () => {
    expect(sameDayLastMonth('2025-03-11')).toBe('2025-02-11');
    expect(sameDayLastMonth('2025-03-31')).toBe('2025-02-28');
    expect(sameDayLastMonth('2024-03-30')).toBe('2024-02-29');
    expect(sameDayLastMonth('2025-01-15')).toBe('2024-12-15');
  });

  it('bounds a month by its days and the day after it, a year by its months and the next year', () => {
    const feb = monthBounds(2025, 2);
    expect(feb).toHaveLength(29);
    expect([feb[0], feb[27], feb[28]]).toEqual(['2025-02-01', '2025-02-28', '2025-03-01']);
    expect(monthBounds(2025, 12).at(-1)).toBe('2026-01-01');
    const year = yearBounds(2025);
    expect(year).toHaveLength(13);
    expect([year[0], year[11], year[12]]).toEqual(['2025-01-01', '2025-12-01', '2026-01-01']);
  });
});

describe('the parameters, read before any SQL', () => {
  const refused = (fn: () => unknown, field: string) => expect(fn).toThrow(expect.objectContaining({ status: 400, field }));

  it('reads real days, months and years, and refuses the rest naming the field', () => {
    expect(readDay('2025-03-11', 'day', '日期')).toBe('2025-03-11');
    refused(() => readDay('2025-02-29', 'day', '日期'), 'day');
    refused(() => readDay("2025-03-11' OR 1=1", 'day', '日期'), 'day');
    expect(readMonth('2025-03', 'month', '月份')).toEqual({ year: 2025, month: 3 });
    expect(readMonth('2025-03-01', 'month', '月份')).toEqual({ year: 2025, month: 3 });
    refused(() => readMonth('2025-13', 'month', '月份'), 'month');
    expect(readYear(2025, 'year', '年份')).toBe(2025);
    expect(readYear('2025-01-01', 'year', '年份')).toBe(2025);
    refused(() => readYear('25', 'year', '年份'), 'year');
  });

  it('reads a range in order and not too long, and ids as ids', () => {
    expect(readRange({ periodFrom: '2025-03-01', periodTo: '2025-03-31' }, 'period', '期间')).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    refused(() => readRange({ periodFrom: '2025-03-02', periodTo: '2025-03-01' }, 'period', '期间'), 'periodTo');
    refused(() => readRange({ periodFrom: '2024-01-01', periodTo: '2025-03-01' }, 'period', '期间'), 'periodTo');
    refused(() => readRange({ periodTo: '2025-03-01' }, 'period', '期间'), 'periodFrom');
    expect(readId('', 'materialId', '物料')).toBeNull();
    expect(readId(12, 'materialId', '物料')).toBe('12');
    refused(() => readId('12; DROP TABLE wb_ticket', 'materialId', '物料'), 'materialId');
  });
});

describe('the built-in definitions', () => {
  it('name only their dataset\'s fields, and each has a leaf with the report viewer', () => {
    const datasets = new Map(reportBuiltinModule.datasets!.map((d) => [d.key, d]));
    const leaves = reportBuiltinModule.menu!.flatMap((m) => m.leaves);
    for (const r of BUILTIN_REPORTS) {
      const d = datasets.get(r.source.kind === 'dataset' ? r.source.key : '');
      expect(d, r.code).toBeDefined();
      const fields = new Set(d!.fields.map((f) => f.key));
      const heads = new Set(r.heads.map((h) => h.id));
      for (const c of r.columns) {
        expect(fields.has(c.field), `${r.code}.${c.field}`).toBe(true);
        if (c.head) expect(heads.has(c.head), `${r.code} head ${c.head}`).toBe(true);
      }
      for (const k of [...r.groupBy, ...r.sort.map((s) => s.key), ...(r.chart ? [r.chart.x, ...r.chart.series] : [])]) {
        expect(fields.has(k), `${r.code} ${k}`).toBe(true);
      }
      const leaf = leaves.find((l) => l.path === `/reportforms/${r.code}`);
      expect(leaf?.component, r.code).toBe('reports/view');
      expect(leaf?.buttons?.map((b) => b.permission), r.code).toContain(d!.permission);
      // not the lab's: every report names trucks or parties
      expect(leaf?.roles).not.toContain('ROLE_QUALITY');
    }
  });
});
