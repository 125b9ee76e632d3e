import { describe, expect, it } from 'vitest';
import { cancelRefusal, exportFileName, exportSortOf, progressOf, streamRowsLimit } from './rules';

const fields = [{ key: 'net', title: '净重', titleEn: 'Net', type: 'weight' as const }];
const row = { id: '7', report_code: 'daily', file_name: 'a.xlsx', file_id: null, error: null };

describe('export rules', () => {
  it('names the file by the report and the plant time it was asked', () => {
    expect(exportFileName('过磅日报/日', new Date('2026-01-27T16:05:00Z'), 'Asia/Shanghai')).toBe('过磅日报_日_20260128_0005.xlsx');
  });

  it('sorts on the dataset fields only, else the report order', () => {
    expect(exportSortOf({ fields }, [{ key: 'net', dir: 'desc' }, { key: 'gone', dir: 'asc' }], undefined)).toEqual([{ key: 'net', dir: 'desc' }]);
    expect(() => exportSortOf({ fields }, [], [{ key: 'id; drop', dir: 'asc' }])).toThrow('id; drop');
  });

  it('says how far an export is, and when its file is ready', () => {
    expect(progressOf({ ...row, state: 'queued', rows_written: 0, rows_estimated: null })).toMatchObject({ percent: null, ready: false });
    expect(progressOf({ ...row, state: 'running', rows_written: '500', rows_estimated: '1000' })).toMatchObject({ rowsWritten: 500, percent: 50 });
    expect(progressOf({ ...row, state: 'done', rows_written: '1000', rows_estimated: '1000', file_id: '3' })).toMatchObject({ percent: 100, ready: true });
    expect(progressOf({ ...row, state: 'done', rows_written: '1000', rows_estimated: '1000', file_id: null }).ready).toBe(false);
  });

  it('refuses to cancel an export already ended by a cancel or a failure', () => {
    expect(cancelRefusal('cancelled')).toBe('导出已取消');
    expect(cancelRefusal('failed')).not.toBeNull();
    expect(cancelRefusal('running')).toBeNull();
    expect(cancelRefusal('done')).toBeNull();
  });

  it('streams up to the configured row count', () => {
    expect(streamRowsLimit({ REPORT_EXPORT_STREAM_ROWS: '100' })).toBe(100);
    expect(streamRowsLimit({ REPORT_EXPORT_STREAM_ROWS: 'x' })).toBe(20_000);
  });
});
