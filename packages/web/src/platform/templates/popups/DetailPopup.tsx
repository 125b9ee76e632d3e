import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Modal, Spin, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FormatDefinition, SearchCondition } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { feedback } from '@/platform/feedback';
import { call } from '@/platform/api/http';
import { apiPath } from '../api';
import { cellText } from '../list/cell-value';
import { buildColumns, shownFields, type Row } from '../list/columns';
import { fieldLabel, formatTitle, withOptionLabels } from '../list/field-label';
import { detailParts } from './detail-data';
import { layoutOf } from '../layouts/registry';
import { splitDetailFields } from '../pages/detail-tables';
import { TabbedDetail } from '../pages/TabbedDetail';
import './popups.css';
import { useDisplayParams } from '../../display/useDisplay';

/** Spec section 9: the detail popup is 80% wide; the missing-route warning stays 7 s. */
export const DETAIL_WIDTH = '80%';
const WARNING_SECONDS = 7;

interface Props {
  open: boolean;
  template: FormatDefinition | null;
  /** the conditions the detail call sends ({ search }) */
  search: SearchCondition[];
  /** the selection variant: rows are ticked and 确 定 returns them */
  selectable?: boolean;
  onConfirm?(rows: Row[]): void;
  onClose(): void;
}

const fieldsOf = (t: FormatDefinition) => (t.formSubList.length ? t.formSubList : t.listSubList);

function MasterFields({ fields, record, columns }: { fields: FieldDefinition[]; record: Row | null; columns: number }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const yesNo = { yes: t('listScreen.yes'), no: t('listScreen.no') };
  const display = useDisplayParams();
  return (
    <Descriptions
      bordered
      size="small"
      // a form's column count counts labels and values (DESIGN section 4): four fields on an eight-column row
      column={Math.max(1, columns / 2)}
      items={shownFields(fields).map((f) => {
        const shown = cellText(withOptionLabels(f, english), record?.[f.fieldName], yesNo, display);
        return { key: f.fieldName, label: fieldLabel(f, english), children: shown.kind === 'tag' ? shown.label : shown.text };
      })}
    />
  );
}

function Rows({ fields, rows, selectable, chosen, onChosen }: { fields: FieldDefinition[]; rows: Row[]; selectable: boolean; chosen: string[]; onChosen(keys: string[]): void }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const display = useDisplayParams();
  const columns = useMemo(() => buildColumns(fields, english, null, { yes: t('listScreen.yes'), no: t('listScreen.no') }, undefined, display), [fields, english, t, display]);
  return (
    <Table<Row>
      size="small"
      bordered
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      columns={columns.map((c) => ({ ...c, sorter: false, sortOrder: undefined }))}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 'max-content' }}
      rowSelection={selectable ? { selectedRowKeys: chosen, onChange: (keys) => onChosen(keys.map(String)) } : undefined}
    />
  );
}

/** FORMAT_TAB_FROM: a tab per child table named by its fields' customTable (pages/TabbedDetail), else the record and its rows. */
function RecordTabs({ template, data, fields, master, rows }: { template: FormatDefinition; data: unknown; fields: FieldDefinition[]; master: Row | null; rows: ReactNode }) {
  const { t } = useTranslation();
  const english = useEnglish();
  if (splitDetailFields(template).tables.length) return <TabbedDetail template={template} data={data} />;
  return (
    <Tabs
      items={[
        { key: 'main', label: template.opations.main ?? formatTitle(template, english), children: <MasterFields fields={fields} record={master} columns={4} /> },
        { key: 'rows', label: template.opations.son ?? t('listScreen.totalRow'), children: rows },
      ]}
    />
  );
}

function Layout({ template, data, selectable, chosen, onChosen }: { template: FormatDefinition; data: unknown; selectable: boolean; chosen: string[]; onChosen(k: string[]): void }) {
  const { master, rows } = detailParts(data);
  const fields = fieldsOf(template);
  const childFields = template.listSubList.length ? template.listSubList : fields;
  const rowsView = <Rows fields={childFields} rows={rows} selectable={selectable} chosen={chosen} onChosen={onChosen} />;
  if (selectable) return rowsView;
  const StyleLayout = layoutOf('detail', template.formatStyle);
  return (
    <StyleLayout
      style={template.formatStyle}
      fields={(columns) => <MasterFields fields={fields} record={master} columns={columns} />}
      rows={rowsView}
      tabs={<RecordTabs template={template} data={data} fields={fields} master={master} rows={rowsView} />}
    />
  );
}

/**
 * The detail popup (spec: 80% wide, layout by the template's formatStyle). Its data comes from the
 * template's list method and route with { search }; without them it warns for 7 s and calls nothing.
 * Everything chosen is forgotten on open and on close.
 */
export function DetailPopup({ open, template, search, selectable = false, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string[]>([]);
  const routed = Boolean(template?.resMethod && template?.resUrl);
  useEffect(() => {
    setChosen([]);
    if (open && template && !routed) feedback.warning(t('listScreen.detailNoRoute'), WARNING_SECONDS);
  }, [open, template, routed, t]);
  const { data, isFetching } = useQuery({
    queryKey: ['detail', template?.id, search],
    queryFn: () => call<unknown>(apiPath(template?.resUrl ?? ''), { method: (template?.resMethod ?? 'POST').toUpperCase() as 'POST', body: { search } }),
    enabled: open && routed,
    gcTime: 0,
  });
  const rows = detailParts(data).rows;
  const confirm = () => {
    const picked = rows.filter((r) => chosen.includes(String(r.id ?? JSON.stringify(r))));
    if (picked.length === 0) return void message.warning(t('listScreen.atLeastOne'));
    onConfirm?.(picked);
    onClose();
  };
  return (
    <Modal
      open={open && Boolean(template)}
      width={DETAIL_WIDTH}
      title={template ? formatTitle(template, english) : undefined}
      onCancel={onClose}
      destroyOnHidden
      footer={
        selectable
          ? [
              <Button key="cancel" onClick={onClose}>{t('common.cancel')}</Button>,
              <Button key="ok" type="primary" onClick={confirm} data-testid="detail-ok">{t('common.ok')}</Button>,
            ]
          : null
      }
    >
      <div className="wb-detail-body" data-testid="detail-popup">
        <Spin spinning={isFetching}>
          {template && routed && <Layout template={template} data={data} selectable={selectable} chosen={chosen} onChosen={setChosen} />}
        </Spin>
      </div>
    </Modal>
  );
}
