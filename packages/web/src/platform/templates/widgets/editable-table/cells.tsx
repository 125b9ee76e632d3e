import { useState } from 'react';
import { Button, Checkbox, DatePicker, Input, InputNumber, Modal, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DISPLAY_DEFAULTS, formatByKind, type DisplayParams, type FieldDefinition } from '@wb/protocol';
import { displayKindOf } from '../../../display/format';
import { useDisplayParams } from '../../../display/useDisplay';
import { useTranslation } from 'react-i18next';
import { baseSubmitType } from '../../form/rules/submit-types';
import { displayFormat, fromFormValue, toFormValue } from '../../form/rules/form-values';
import { chooseFromResource } from '../../form/resource-bridge';
import { openResourcePopup } from '../../popups/resource-popup-store';
import { apiPath, fetchResourceTemplate } from '../../api';
import { mappedValues } from '../../popups/resource-mapping';
import { call } from '@/platform/api/http';
import { booleanText } from './rows';

/** The kinds of cell the editable table knows (spec section 2: plain text, input, checkbox, select, times; a popup). */
export type CellKind = 'text' | 'input' | 'number' | 'checkbox' | 'select' | 'time' | 'timeRange' | 'resource';

export function cellKind(field: FieldDefinition, readOnly: boolean): CellKind {
  if (readOnly || !field.iupdate || field.formSubmitType === 'CALCULATE' || field.formSubmitType === 'DEFAULT_VALUE') return 'text';
  const type = baseSubmitType(field.formSubmitType);
  if (type === 'BOOLEAN') return 'checkbox';
  if (type === 'SELECT' || type === 'SINGLE_ELECTION' || type === 'SELECT_ONE_TXT') return 'select';
  if (type === 'NUMBER') return 'number';
  if ((type === 'RESOURCE_CONTROLS' || type === 'DETAIL_RESOURCE_CONTROLS') && field.cgFormatResId) return 'resource';
  if (type === 'DATA_RANGE_BOX' || type === 'DATA_RANGE_BOX_TIM' || type === 'TIME_RANGE_BOX') return 'timeRange';
  if (type === 'DATA_BOX' || type === 'DATA_BOX_TIM' || type === 'TIME_BOX_TIM') return 'time';
  return 'input';
}

/** A cell as read, not edited: 是/否 for booleans, an option's label for a choice, money or a weight in the plant's format. */
export function cellText(field: FieldDefinition, value: unknown, display: DisplayParams = DISPLAY_DEFAULTS): string {
  if (value === null || value === undefined) return '';
  const figure = displayKindOf(field);
  if (figure && (typeof value === 'number' || typeof value === 'string') && value !== '') return formatByKind(figure, value, display) || String(value);
  if (baseSubmitType(field.formSubmitType) === 'BOOLEAN' || field.fieldType === 'BOOLEAN') return booleanText(value);
  const option = field.options.find((o) => String(o.value) === String(value));
  if (option) return option.label;
  if (Array.isArray(value)) return value.join(' ~ ');
  return String(value);
}

function ReadCell({ field, value }: { field: FieldDefinition; value: unknown }) {
  return <span>{cellText(field, value, useDisplayParams())}</span>;
}

export interface CellEditorProps {
  field: FieldDefinition;
  kind: CellKind;
  value: unknown;
  invalid: boolean;
  onChange(value: unknown): void;
  onBlur(): void;
  /** the row's other cells a popup's mapping fills (a resource cell) */
  onFill?(values: Record<string, unknown>): void;
  /** DETAIL_RESOURCE_CONTROLS: the first values fill this row, each further one a line added after it (one change) */
  onFillLines?(lines: Record<string, unknown>[]): void;
}

/**
 * A popup cell (RESOURCE_CONTROLS): the chosen row's mapped values fill this cell and the row's
 * others; the text stays typeable, the server resolving a typed code as it does a chosen one.
 */
function ResourceCell({ field, value, invalid, onChange, onBlur, onFill, onFillLines }: CellEditorProps) {
  const { t } = useTranslation();
  // DETAIL_RESOURCE_CONTROLS: the popup takes several rows; the first fills this line, each other one a new line
  const detail = baseSubmitType(field.formSubmitType) === 'DETAIL_RESOURCE_CONTROLS' && Boolean(onFillLines);
  // a code typed rather than chosen fills the row's name cells too, when it names exactly one row of the archive
  const typedOut = () => {
    onBlur();
    const typed = value === null || value === undefined ? '' : String(value).trim();
    if (typed && onFill) void resolveTyped(field, typed).then((filled) => filled && onFill(filled));
  };
  const open = async () => {
    if (detail) {
      const choice = await openResourcePopup({ cgFormatResId: field.cgFormatResId, resFormatSubId: field.id, multiple: true });
      if (choice?.perRow?.length) onFillLines!(choice.perRow);
      return;
    }
    const filled = await chooseFromResource(field, false);
    if (!filled) return;
    // one change of the row: two would each start from the row before the choice
    if (onFill) return onFill(filled);
    if (filled[field.fieldName] !== undefined) onChange(filled[field.fieldName]);
  };
  return (
    <Space.Compact size="small" style={{ width: '100%' }}>
      <Input size="small" status={invalid ? 'error' : undefined} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value)} onBlur={typedOut} />
      <Button size="small" icon={<SearchOutlined />} onClick={() => void open()} aria-label={t(detail ? 'templateForm.chooseLines' : 'templateForm.choose')} data-testid={`cell-choose-${field.fieldName}`} />
    </Space.Compact>
  );
}

/**
 * The values a typed code fills, read as the popup would: the popup's list searched by the
 * mapping's source of this cell, equal to the code; null unless exactly one row answers (the
 * server resolves the code on save and names one it does not know).
 */
async function resolveTyped(field: FieldDefinition, typed: string): Promise<Record<string, unknown> | null> {
  if (!field.cgFormatResId) return null;
  try {
    const template = await fetchResourceTemplate(field.cgFormatResId, field.id);
    const own = template.mapData.find((m) => m.fieldSub1.fieldName === field.fieldName);
    // the resource lists are POST calls with a list request body
    if (!own || !template.resUrl || (template.resMethod ?? 'POST').toUpperCase() !== 'POST') return null;
    const page = await call<{ list?: Record<string, unknown>[] } | null>(apiPath(template.resUrl), {
      method: 'POST', quiet: true,
      body: { search: [{ key: own.fieldSub2.fieldName, op: 'eq', val: typed }], limit: { pn: 1, ps: 2 } },
    });
    const rows = page?.list ?? [];
    return rows.length === 1 ? mappedValues(template.mapData, rows) : null;
  } catch {
    return null;
  }
}

/** 选择时间 / 选择时间范围: a dialog holding the picker, so a narrow cell is not crowded. */
function TimeDialogCell({ field, value, onChange, onBlur, range }: CellEditorProps & { range: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<unknown>(null);
  const format = displayFormat(field);
  const showTime = /H/.test(format);
  const start = () => {
    setDraft(toFormValue(field, value));
    setOpen(true);
  };
  const finish = () => {
    onChange(fromFormValue(field, draft));
    setOpen(false);
    onBlur();
  };
  return (
    <>
      <Button size="small" type="link" onClick={start} className="wb-et-time">
        {cellText(field, value) || t('templateForm.table.pickTime')}
      </Button>
      <Modal
        open={open}
        title={range ? '选择时间范围' : '选择时间'}
        onCancel={() => setOpen(false)}
        onOk={finish}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        width={420}
        destroyOnHidden
      >
        {range ? (
          <DatePicker.RangePicker showTime={showTime} format={format} value={draft as [Dayjs, Dayjs] | null} onChange={(v) => setDraft(v)} style={{ width: '100%' }} />
        ) : (
          <DatePicker showTime={showTime} format={format} value={draft as Dayjs | null} onChange={(v) => setDraft(v)} style={{ width: '100%' }} />
        )}
      </Modal>
    </>
  );
}

export function CellEditor(props: CellEditorProps) {
  const { field, kind, value, invalid, onChange, onBlur } = props;
  const status = invalid ? 'error' : undefined;
  switch (kind) {
    case 'checkbox':
      return <Checkbox checked={value === true} onChange={(e) => { onChange(e.target.checked); onBlur(); }} />;
    case 'select':
      return (
        <Select
          size="small"
          status={status}
          value={value as never}
          onChange={(v) => onChange(v)}
          onBlur={onBlur}
          allowClear
          style={{ width: '100%' }}
          options={field.options.map((o) => ({ value: o.value as string | number, label: o.label, disabled: o.disabled }))}
        />
      );
    case 'number':
      return <InputNumber size="small" status={status} value={value as number | null} onChange={(v) => onChange(v)} onBlur={onBlur} style={{ width: '100%' }} />;
    case 'time':
      return <TimeDialogCell {...props} range={false} />;
    case 'timeRange':
      return <TimeDialogCell {...props} range />;
    case 'resource':
      return <ResourceCell {...props} />;
    case 'input':
      return <Input size="small" status={status} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
    default:
      return <ReadCell field={field} value={value} />;
  }
}
