import { useState } from 'react';
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { feedback } from '@/platform/feedback';
import { DEFAULT_ASSAY_ITEMS, SELECT_AT_LEAST_ONE, type AssayItem } from './dialog-rules';

export interface AssayItemDialogProps {
  open: boolean;
  /** the plant's assay items; the defaults are water, Si, S, C and strength */
  items?: readonly AssayItem[];
  /** codes ticked when it opens */
  value?: string[];
  onSubmit(items: AssayItem[]): void;
  onCancel(): void;
}

/** The assay-item multi-select dialog: tick items by code; at least one. */
export function AssayItemDialog({ open, items = DEFAULT_ASSAY_ITEMS, value = [], onSubmit, onCancel }: AssayItemDialogProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  const [codes, setCodes] = useState<string[]>(value);
  const submit = () => {
    if (codes.length === 0) return feedback.warning(SELECT_AT_LEAST_ONE);
    onSubmit(items.filter((i) => codes.includes(i.code)));
  };
  return (
    <Modal open={open} title={t('templateForm.assay.title')} width={420} onOk={submit} onCancel={onCancel} okText={t('common.ok')} cancelText={t('common.cancel')} destroyOnHidden>
      <Table<AssayItem>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={[...items]}
        rowSelection={{ selectedRowKeys: codes, onChange: (keys) => setCodes(keys.map(String)) }}
        onRow={(item) => ({ onClick: () => setCodes((c) => (c.includes(item.code) ? c.filter((x) => x !== item.code) : [...c, item.code])) })}
        columns={[
          { title: t('templateForm.assay.code'), dataIndex: 'code', width: 90 },
          { title: t('templateForm.assay.name'), key: 'name', render: (_v, item) => (english ? item.nameEn : item.name) },
        ]}
      />
    </Modal>
  );
}
