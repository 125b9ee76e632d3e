import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDatasetInfo } from '@wb/protocol';
import { copiedDefinition, definitionProblems, reportFile, reportFileSchema, reportMenuPath, unknownRoles } from './rules';

const dataset: ReportDatasetInfo = {
  key: 'ds', name: '数据集', nameEn: 'Dataset',
  params: [{ key: 'day', title: '日期', titleEn: 'Day', type: 'date' }],
  fields: [
    { key: 'a', title: 'A', titleEn: 'A', type: 'text' },
    { key: 'b', title: 'B', titleEn: 'B', type: 'text' },
    { key: 'n', title: 'N', titleEn: 'N', type: 'number', total: true },
  ],
};
const def = (over: Record<string, unknown> = {}) => reportDefinitionSchema.parse({
  code: 'r1', name: '报表', nameEn: 'Report', source: { kind: 'dataset', key: 'ds' },
  columns: [{ field: 'a', title: 'A', titleEn: '' }, { field: 'n', title: 'N', titleEn: '', head: 'h2' }],
  heads: [{ id: 'h1', title: 'H1', titleEn: '' }, { id: 'h2', title: 'H2', titleEn: '', parent: 'h1' }],
  groupBy: ['a'], chart: { type: 'bar', x: 'a', series: ['n'] }, ...over,
});
const fields = (over: Record<string, unknown>) => definitionProblems(def(over), dataset).map((p) => p.field);

describe('a definition over its dataset', () => {
  it('holds when every name it uses is the dataset\'s and the heads form a tree', () => {
    expect(definitionProblems(def(), dataset)).toEqual([]);
  });
  it('names a missing dataset by its source', () => {
    expect(definitionProblems(def(), null)).toEqual([{ field: 'source.key', message: '数据源 ds 不存在' }]);
    expect(definitionProblems(def({ source: { kind: 'sql', id: '5' } }), null)).toEqual([{ field: 'source.id', message: '数据源 sql:5 不存在' }]);
  });
  it('refuses columns, parameters and sorting on what the dataset has not got, and a column twice', () => {
    expect(fields({ columns: [{ field: 'zz', title: 'Z', titleEn: '' }] })).toEqual(['columns.0.field', 'groupBy.0', 'chart.x', 'chart.series.0']);
    expect(fields({ columns: [{ field: 'a', title: 'A', titleEn: '' }, { field: 'a', title: 'A2', titleEn: '' }], chart: undefined })).toEqual(['columns.1.field']);
    expect(fields({ params: [{ key: 'day' }, { key: 'day' }, { key: 'x' }] })).toEqual(['params.1.key', 'params.2.key']);
    expect(fields({ sort: [{ key: 'b', dir: 'asc' }, { key: 'q', dir: 'desc' }] })).toEqual(['sort.1.key']);
  });
  it('refuses a head whose parent is missing, a loop, a tree deeper than three, a repeated id and a column under no head', () => {
    expect(fields({ heads: [{ id: 'h2', title: 'H2', titleEn: '', parent: 'h9' }] })).toEqual(['heads.0.parent']);
    expect(fields({ heads: [{ id: 'h1', title: 'H1', titleEn: '', parent: 'h2' }, { id: 'h2', title: 'H2', titleEn: '', parent: 'h1' }] })).toEqual(['heads.0.parent', 'heads.1.parent']);
    expect(fields({ heads: [{ id: 'h2', title: 'H2', titleEn: '', parent: 'h2' }] })).toEqual(['heads.0.parent']);
    const chain = ['h0', 'h1', 'h2', 'h3'].map((id, i) => ({ id, title: id, titleEn: '', ...(i ? { parent: `h${i - 1}` } : {}) }));
    expect(fields({ heads: chain })).toEqual(['heads.3.parent']);
    expect(fields({ heads: chain.slice(0, 3) })).toEqual([]);
    expect(fields({ heads: [{ id: 'h2', title: 'H2', titleEn: '' }, { id: 'h2', title: 'again', titleEn: '' }] })).toEqual(['heads.1.id']);
    expect(fields({ heads: [] })).toEqual(['columns.1.head']);
  });
  it('groups and charts only by the report\'s columns, a pie on one value', () => {
    expect(fields({ groupBy: ['b'] })).toEqual(['groupBy.0']);
    expect(fields({ groupBy: ['a', 'a'] })).toEqual(['groupBy']);
    expect(fields({ chart: { type: 'line', x: 'b', series: ['n', 'b'] } })).toEqual(['chart.x', 'chart.series.1']);
    expect(fields({ chart: { type: 'pie', x: 'a', series: ['n', 'a'] } })).toEqual(['chart.series']);
  });
});

describe('roles, copies, files and the menu path', () => {
  it('names the roles the company has not got', () => {
    expect(unknownRoles(['ROLE_A', 'ROLE_X'], ['ROLE_A', 'ROLE_B'])).toEqual(['ROLE_X']);
  });
  it('copies under a new code, the source untouched', () => {
    const src = def();
    const copy = copiedDefinition(src, 'r2');
    expect(copy).toMatchObject({ code: 'r2', name: '报表 副本', nameEn: 'Report (copy)', heads: src.heads });
    copy.heads.push({ id: 'x', title: 'X', titleEn: '' });
    expect(src.heads).toHaveLength(2);
  });
  it('reads back the file it writes, and nothing else', () => {
    const file = JSON.parse(JSON.stringify(reportFile(def(), new Date('2026-11-28T00:00:00Z'))));
    expect(reportFileSchema.parse(file).definition).toEqual(def());
    expect(reportFileSchema.safeParse({ ...file, format: 'x' }).success).toBe(false);
    expect(reportMenuPath('r1')).toBe('/reportforms/r1');
  });
});
