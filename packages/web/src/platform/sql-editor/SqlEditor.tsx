import { useEffect, useRef } from 'react';
import { EditorView, basicSetup } from 'codemirror';
import { PostgreSQL, sql } from '@codemirror/lang-sql';

/**
 * The SQL text in CodeMirror 6 with PostgreSQL highlighting and completion; loaded with the page
 * or the form field that needs it only (its own chunk): the report centre's SQL reports and a
 * template form's TEXTAREA_SENTENCE. `value` set from outside (another report opened) replaces
 * the text; typing reports each change. `readOnly` shows the text without taking any typing.
 */
export default function SqlEditor({ value, onChange, testId, id, readOnly = false, minHeight = '180px' }: {
  value: string; onChange: (text: string) => void; testId?: string; id?: string; readOnly?: boolean; minHeight?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: value,
      parent: host.current,
      extensions: [
        basicSetup,
        sql({ dialect: PostgreSQL, upperCaseKeywords: true }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
        EditorView.editable.of(!readOnly),
        EditorView.theme({ '&': { minHeight, maxHeight: '420px', border: '1px solid #d9d9d9', borderRadius: '6px' }, '.cm-scroller': { overflow: 'auto' } }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // created once; later values are dispatched below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} id={id} data-testid={testId} data-sql-editor="" className="report-sql-editor" />;
}
