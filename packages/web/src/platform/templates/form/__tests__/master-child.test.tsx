import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { MasterChildForm } from '../MasterChildForm';
import { blankChildRow, childRowsOf, collectChildRows, FIRST_CHILD_ROW_DELAY_MS, splitFields } from '../master-child';
import { SAVE_DEBOUNCE_MS, useDebounced } from '../use-debounced';
import type { FormMode } from '../rules/layout';
import type { Row } from '../../widgets/editable-table/rows';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const main = [field({ fieldName: 'billCode', fieldExplain: '单据号' })];
const child = [field({ fieldName: 'invName', fieldExplain: '物料', customTable: 'pu_notice_line' })];

let latest: Row[] = [];
function Harness({ mode, initial = [] }: { mode: FormMode; initial?: Row[] }) {
  const [form] = Form.useForm();
  const [rows, setRows] = useState<Row[]>(initial);
  useEffect(() => {
    latest = rows;
  }, [rows]);
  return <MasterChildForm main={main} child={child} remark="先填表头，再填明细" mode={mode} form={form} rows={rows} onRowsChange={setRows} />;
}

describe('master-child form', () => {
  it('splits the template into main fields and child columns by the child table', () => {
    const split = splitFields({ formSubList: [...main, ...child], opations: { main: 'pu_notice', son: 'pu_notice_line' } });
    expect(split.main.map((f) => f.fieldName)).toEqual(['billCode']);
    expect(split.child.map((f) => f.fieldName)).toEqual(['invName']);
  });

  it('starts a new child row with the columns\' defaults, in wire form', () => {
    const cols = [
      field({ fieldName: 'isSample', formSubmitType: 'BOOLEAN', defaultValue: 'true' }),
      field({ fieldName: 'sampleDate', formSubmitType: 'DATA_BOX', defaultValue: 'now' }),
      field({ fieldName: 'maker', formSubmitType: 'DEFAULT_VALUE', defaultValue: '{realName}' }),
    ];
    const row = blankChildRow(cols, { realName: '张三' });
    expect(row.isSample).toBe(true);
    expect(row.sampleDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.maker).toBe('张三');
  });

  it('keeps stored child rows in wire form and saves them with id, version and seq', () => {
    const rows = childRowsOf([{ id: '3', version: 2, invName: ' 石灰石 ', remark: '' }]);
    expect(rows[0]).toMatchObject({ id: '3', version: 2, invName: '石灰石', remark: null });
    expect(collectChildRows(child, rows)).toEqual([{ invName: '石灰石', id: '3', version: 2, seq: 1 }]);
  });

  it('adds one blank child row about 200 ms after a create form loads', async () => {
    latest = [];
    renderInShell(<Harness mode="create" />);
    expect(latest).toHaveLength(0);
    await waitFor(() => expect(latest).toHaveLength(1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, FIRST_CHILD_ROW_DELAY_MS));
    expect(latest).toHaveLength(1);
  }, 15_000);

  it('adds no row in an update', async () => {
    latest = [];
    renderInShell(<Harness mode="update" />);
    await new Promise((r) => setTimeout(r, FIRST_CHILD_ROW_DELAY_MS + 100));
    expect(latest).toHaveLength(0);
  });

  it('hides the child table buttons in safeUpdate and shows the remark as help', async () => {
    renderInShell(<Harness mode="safeUpdate" />);
    expect(screen.queryByRole('button', { name: /新\s?增/ })).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('form-help'));
    await screen.findByText('先填表头，再填明细');
  });

  it('shows every field read-only when weighing', () => {
    renderInShell(<Harness mode="weigh" />);
    expect((screen.getByLabelText('单据号') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /新\s?增/ })).toBeNull();
  });
});

describe('save debounce', () => {
  function Saver({ onSave }: { onSave: () => void }) {
    const save = useDebounced(onSave, SAVE_DEBOUNCE_MS);
    return <button onClick={save}>保存</button>;
  }
  it('saves once, 600 ms after the last of several clicks', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    render(<Saver onSave={onSave} />);
    const button = screen.getByText('保存');
    fireEvent.click(button);
    act(() => void vi.advanceTimersByTime(400));
    fireEvent.click(button);
    act(() => void vi.advanceTimersByTime(599));
    expect(onSave).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
