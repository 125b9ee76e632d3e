import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { EditorView } from 'codemirror';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from '../FormRenderer';
import type { FormMode } from '../rules/layout';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

afterEach(cleanup);

// jsdom measures no text: CodeMirror asks a range for its rectangles when it draws the cursor
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }) as DOMRect;
}

function Harness({ fields, mode = 'create', values, onForm }: { fields: FieldDefinition[]; mode?: FormMode; values?: Record<string, unknown>; onForm?: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
    onForm?.(form);
  }, [form, values, onForm]);
  return <FormRenderer fields={fields} columns={4} mode={mode} form={form} />;
}

const check = field({ fieldName: 'validationQuery', fieldExplain: '检测语句', formSubmitType: 'TEXTAREA_SENTENCE' });

/** The CodeMirror editor the SQL field shows, once its chunk has loaded. */
async function editorOf(container: HTMLElement): Promise<EditorView> {
  let view: EditorView | null = null;
  await waitFor(() => {
    const dom = container.querySelector<HTMLElement>('[data-testid="sql-field-validationQuery"] .cm-editor');
    view = dom ? EditorView.findFromDOM(dom) : null;
    expect(view).not.toBeNull();
  }, { timeout: 30_000 });
  return view as unknown as EditorView;
}

describe('the SQL field (TEXTAREA_SENTENCE)', () => {
  // the editor's code is its own chunk, read the first time: on a busy machine that takes a while
  it('shows the statement in the SQL editor with its keywords highlighted, and hands what is typed to the form', { timeout: 60_000 }, async () => {
    let form: FormInstance | undefined;
    const { container } = renderInShell(<Harness fields={[check]} values={{ validationQuery: 'SELECT count(*) FROM v_material' }} onForm={(f) => (form = f)} />);
    const view = await editorOf(container);
    await waitFor(() => expect(view.state.doc.toString()).toBe('SELECT count(*) FROM v_material'));
    // the SQL language marks SELECT and FROM as keywords: the highlighter gives them a class of their own
    const keyword = [...container.querySelectorAll<HTMLElement>('.cm-line span')].find((s) => s.textContent === 'SELECT');
    expect(keyword?.className).toMatch(/\S/);
    const plain = [...container.querySelectorAll<HTMLElement>('.cm-line span')].find((s) => s.textContent === 'v_material');
    expect(plain?.className ?? '').not.toBe(keyword?.className);
    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: ' WHERE enabled' } }));
    await waitFor(() => expect(form?.getFieldValue('validationQuery')).toBe('SELECT count(*) FROM v_material WHERE enabled'));
  });

  it('is read-only where the form is: the editor takes no typing', { timeout: 60_000 }, async () => {
    const { container } = renderInShell(<Harness fields={[{ ...check, iupdate: false }]} mode="update" values={{ validationQuery: 'SELECT 1' }} />);
    const view = await editorOf(container);
    expect(view.state.facet(EditorView.editable)).toBe(false);
    expect(container.querySelector('.cm-content')?.getAttribute('contenteditable')).toBe('false');
  });
});
