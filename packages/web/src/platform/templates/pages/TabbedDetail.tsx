import { useMemo, type ReactNode } from 'react';
import { Descriptions, Empty, Table, Tabs } from 'antd';
import type { FieldDefinition, FormatDefinition } from '@wb/protocol';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { cellText } from '../list/cell-value';
import { buildColumns, shownFields, type Row } from '../list/columns';
import { fieldLabel } from '../list/field-label';
import { detailTables } from './detail-tables';
import { usePageTexts } from './texts';
import { useDisplayParams } from '../../display/useDisplay';

/** Tab titles of the child tables the platform's details show; any other tab is titled by its table. */
const TABLE_TITLES: Record<string, [string, string]> = {
  sys_department: ['部门', 'Departments'],
  sys_user: ['用户', 'Users'],
};

export function tableTitle(table: string, english: boolean): string {
  const known = TABLE_TITLES[table];
  return known ? known[english ? 1 : 0] : table;
}

/** A record's fields read-only: label and value, two or four to a row. */
export function ReadOnlyFields({ fields, record, columns = 2 }: { fields: FieldDefinition[]; record: Row | null; columns?: number }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const yesNo = { yes: t('listScreen.yes'), no: t('listScreen.no') };
  const display = useDisplayParams();
  return (
    <Descriptions
      bordered
      size="small"
      column={columns}
      data-testid="detail-fields"
      items={shownFields(fields).map((f) => {
        const shown = cellText(f, record?.[f.fieldName], yesNo, display);
        return { key: f.fieldName, label: fieldLabel(f, english), children: <span data-field={f.fieldName}>{shown.kind === 'tag' ? shown.label : shown.text}</span> };
      })}
    />
  );
}

export function ChildRows({ fields, rows, table }: { fields: FieldDefinition[]; rows: Row[]; table: string }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const texts = usePageTexts();
  const display = useDisplayParams();
  const columns = useMemo(() => buildColumns(fields, english, null, { yes: t('listScreen.yes'), no: t('listScreen.no') }, undefined, display), [fields, english, t, display]);
  return (
    <Table<Row>
      size="small"
      bordered
      data-testid={`detail-table-${table}`}
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      columns={columns.map((c) => ({ ...c, sorter: false, sortOrder: undefined }))}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noRows} /> }}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}

interface Props {
  template: Pick<FormatDefinition, 'formSubList' | 'listSubList' | 'opations'>;
  /** the detail call's answer: { entity, entitysub, subTables } */
  data: unknown;
  /** the first tab's content instead of the read-only fields (the tabbed form page's editable form) */
  main?: ReactNode;
  mainTitle?: string;
  columns?: number;
}

/** A tab for the record, then one per child table (spec section 2: tabbed form page, tab per sub-table). */
export function TabbedDetail({ template, data, main, mainTitle, columns }: Props) {
  const english = useEnglish();
  const texts = usePageTexts();
  const { main: mainFields, tables } = detailTables(template, data);
  const record = data && typeof data === 'object' && 'entity' in data ? ((data as { entity: Row }).entity ?? null) : (data as Row | null);
  return (
    <Tabs
      className="wb-tabbed-detail"
      items={[
        { key: 'main', label: mainTitle ?? texts.basic, children: main ?? <ReadOnlyFields fields={mainFields} record={record} columns={columns} /> },
        ...tables.map((table) => ({
          key: table.table,
          label: `${tableTitle(table.table, english)} (${table.rows.length})`,
          children: <ChildRows fields={table.fields} rows={table.rows} table={table.table} />,
        })),
      ]}
    />
  );
}
