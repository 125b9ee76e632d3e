import { useEffect, useRef } from 'react';
import { Tooltip, type FormInstance } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from './FormRenderer';
import { EditableTable } from '../widgets/editable-table/EditableTable';
import { addRow, type Row } from '../widgets/editable-table/rows';
import { FIRST_CHILD_ROW_DELAY_MS } from './master-child';
import type { FormMode } from './rules/layout';

export interface MasterChildFormProps {
  main: FieldDefinition[];
  child: FieldDefinition[];
  remark: string | null;
  mode: FormMode;
  form: FormInstance;
  rows: Row[];
  onRowsChange(rows: Row[]): void;
  onEnter?: () => void;
  /** page mode for the child table (xjky* delete without asking) */
  tableMode?: string;
  /** a new child row: the child columns' defaults */
  blankRow?: () => Record<string, unknown>;
}

/**
 * FORMAT_MASTER_CHILD_FROM: the main form in 8 columns above the editable child table, with the
 * template's remark as help. create adds one blank row shortly after loading; safeUpdate hides the
 * table's buttons; weigh shows every field read-only.
 */
export function MasterChildForm({ main, child, remark, mode, form, rows, onRowsChange, onEnter, tableMode, blankRow }: MasterChildFormProps) {
  const { t } = useTranslation();
  const latestRows = useRef(rows);
  latestRows.current = rows;

  useEffect(() => {
    if (mode !== 'create' && mode !== 'create1') return;
    const timer = setTimeout(() => {
      if (latestRows.current.length === 0) onRowsChange(addRow([], blankRow?.() ?? {}, 'end'));
    }, FIRST_CHILD_ROW_DELAY_MS);
    return () => clearTimeout(timer);
    // once per form: the row is the starting point, not a rule kept afterwards
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  return (
    <div className="wb-master-child">
      {remark && (
        <div className="wb-master-child-help">
          <Tooltip title={remark}>
            <span data-testid="form-help"><QuestionCircleOutlined /> {t('templateForm.help')}</span>
          </Tooltip>
        </div>
      )}
      <FormRenderer fields={main} columns={8} mode={mode} form={form} onEnter={onEnter} />
      <EditableTable
        fields={child}
        value={rows}
        onChange={onRowsChange}
        sortable={mode !== 'weigh'}
        hideButtons={mode === 'safeUpdate'}
        readOnly={mode === 'weigh'}
        mode={tableMode}
        blankRow={blankRow}
      />
    </div>
  );
}
