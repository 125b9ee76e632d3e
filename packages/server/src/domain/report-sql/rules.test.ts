import { describe, expect, it } from 'vitest';
import { bindNamedParams, detectFields, parseReportlet, runValues, wrapSelect } from './rules';

describe('named parameters', () => {
  it('binds :name and ${name} as $n values, the same name once, never spliced', () => {
    const r = bindNamedParams('SELECT * FROM t WHERE a = :from AND b < ${to} AND c >= :from', { from: "x'; DROP TABLE t; --", to: 3 });
    expect(r.text).toBe('SELECT * FROM t WHERE a = $1 AND b < $2 AND c >= $1');
    expect(r.values).toEqual(["x'; DROP TABLE t; --", 3]);
  });

  it('leaves casts, strings, quoted names, comments and dollar quotes alone', () => {
    const text = `SELECT ':a', "x:b", $$ :c $$, $q$ \${d} $q$, n::text -- :e\n, /* :f /* :g */ */ :h`;
    const r = bindNamedParams(text, { h: 1 });
    expect(r.text).toBe(`SELECT ':a', "x:b", $$ :c $$, $q$ \${d} $q$, n::text -- :e\n, /* :f /* :g */ */ $1`);
    expect(r.names).toEqual(['h']);
  });

  it('refuses a name the report does not declare, naming it', () => {
    expect(() => bindNamedParams('SELECT :nope', {})).toThrow('SQL 中的参数 nope 未定义');
  });

  it('fills a run with defaults, splits a date range, and asks for a required one', () => {
    const params = [
      { key: 'day', title: '日期', titleEn: 'Day', type: 'date' as const, default: '2026-01-02' },
      { key: 'range', title: '期间', titleEn: 'Period', type: 'dateRange' as const },
      { key: 'kind', title: '类型', titleEn: 'Kind', type: 'text' as const, required: true },
    ];
    expect(runValues(params, { range: '2026-01-01,2026-01-31', kind: 'pu' }))
      .toEqual({ day: '2026-01-02', range: '2026-01-01,2026-01-31', rangeFrom: '2026-01-01', rangeTo: '2026-01-31', kind: 'pu' });
    expect(() => runValues(params, {})).toThrow('请填写参数 类型');
  });
});

describe('the statement run', () => {
  it('wraps the SQL so that only a query parses, a trailing comment or semicolon kept harmless', () => {
    expect(wrapSelect('SELECT 1 -- note', 101)).toBe('SELECT * FROM (\nSELECT 1 -- note\n) AS sql_rows LIMIT 101');
    expect(wrapSelect('SELECT 1;')).toBe('SELECT * FROM (\nSELECT 1\n) AS sql_rows');
  });

  it('types the result columns', () => {
    expect(detectFields([{ name: 'n', dataTypeID: 20 }, { name: 'w', dataTypeID: 1700 }, { name: 'd', dataTypeID: 1082 }, { name: 't', dataTypeID: 1184 }, { name: 's', dataTypeID: 25 }])
      .map((f) => f.type)).toEqual(['int', 'number', 'date', 'datetime', 'text']);
  });
});

describe('frView reportlet', () => {
  it('takes a code bare or FineReport-style, with its parameters', () => {
    expect(parseReportlet('daily_weigh')).toEqual({ code: 'daily_weigh', query: '' });
    expect(parseReportlet('/reports/daily_weigh.cpt?day=2026-01-02&x=%E4%B8%AD')).toEqual({ code: 'daily_weigh', query: 'day=2026-01-02&x=%E4%B8%AD' });
    // only the last segment names a report: a path goes nowhere else
    expect(parseReportlet('../../etc/passwd').code).toBe('passwd');
    expect(() => parseReportlet('a b')).toThrow(/不存在/);
  });
});
