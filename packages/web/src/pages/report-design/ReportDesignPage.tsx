import { useRef, useState } from 'react';
import { plantDateTimeText } from '@/platform/plant-time';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { feedback } from '@/platform/feedback';
import {
  builtInReports, copyReport, deleteReport, exportReport, importReport, listReports, placeReport, type DesignedReport,
} from './api';
import { ReportEditor } from './ReportEditor';

const PAGE_SIZE = 20;

/**
 * 报表设计: the company's designed reports (find, create, edit, copy, delete, export the definition,
 * import one, place in the menu or take out) and the editor of one.
 */
export default function ReportDesignPage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [pn, setPn] = useState(1);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [copying, setCopying] = useState<{ from: string | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useQuery({ queryKey: ['report-design', 'list', search, pn], queryFn: () => listReports(search, pn, PAGE_SIZE) });
  const refresh = () => client.invalidateQueries({ queryKey: ['report-design'] });
  const done = (text: string) => () => {
    feedback.success(text);
    void refresh();
  };
  const remove = useMutation({ mutationFn: deleteReport, onSuccess: done(t('reportCentre.design.delete')) });
  const place = useMutation({
    mutationFn: (r: DesignedReport) => placeReport(r.id, !r.menuId),
    onSuccess: (r) => {
      done(r.menuId ? t('reportCentre.design.placeInMenu') : t('reportCentre.design.removeFromMenu'))();
      // the sidebar shows the leaf (or no longer) once the menu is read again
      void client.invalidateQueries({ queryKey: ['nav'] });
    },
  });

  const importFile = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      feedback.error(`${file.name}: JSON`);
      return;
    }
    await importReport(parsed);
    done(t('reportCentre.design.importDone'))();
  };

  if (editing) {
    return <ReportEditor id={editing.id} onClose={() => { setEditing(null); void refresh(); }} />;
  }

  return (
    <div data-testid="report-design" style={{ padding: 12 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('reportCentre.design.search')} onSearch={(v) => { setSearch(v.trim()); setPn(1); }} style={{ width: 260 }} data-testid="rd-search" />
        <Button type="primary" onClick={() => setEditing({ id: null })} data-testid="rd-new">{t('reportCentre.design.create')}</Button>
        <Button onClick={() => setCopying({ from: null })} data-testid="rd-copy-builtin">{t('reportCentre.design.copyBuiltIn')}</Button>
        <Button onClick={() => fileInput.current?.click()} data-testid="rd-import">{t('reportCentre.design.import')}</Button>
        <input
          ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="rd-import-file"
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void importFile(f); }}
        />
      </Space>
      <Table<DesignedReport>
        rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.list ?? []}
        pagination={{ current: pn, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPn, showSizeChanger: false }}
        columns={[
          { title: t('reportCentre.design.code'), dataIndex: 'code' },
          { title: t('reportCentre.design.name'), dataIndex: 'name', render: (_, r) => (english && r.definition.nameEn ? r.definition.nameEn : r.name) },
          { title: t('reportCentre.design.source'), dataIndex: 'source' },
          { title: t('reportCentre.design.menu'), dataIndex: 'menuPath', render: (p: string | null) => (p ? <Tag color="green">{p}</Tag> : <Tag>{t('reportCentre.design.notInMenu')}</Tag>) },
          { title: t('reportCentre.design.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => plantDateTimeText(v) },
          { title: t('reportCentre.design.updatedBy'), dataIndex: 'updatedBy' },
          {
            title: t('reportCentre.design.actions'), key: 'actions',
            render: (_, r) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => setEditing({ id: r.id })} data-testid={`rd-edit-${r.code}`}>{t('reportCentre.design.edit')}</Button>
                <Button size="small" type="link" onClick={() => setCopying({ from: r.id })}>{t('reportCentre.design.copy')}</Button>
                <Button size="small" type="link" onClick={() => void exportReport(r)} data-testid={`rd-export-${r.code}`}>{t('reportCentre.design.export')}</Button>
                <Button size="small" type="link" loading={place.isPending && place.variables?.id === r.id} onClick={() => place.mutate(r)} data-testid={`rd-menu-${r.code}`}>
                  {r.menuId ? t('reportCentre.design.removeFromMenu') : t('reportCentre.design.placeInMenu')}
                </Button>
                <Popconfirm title={t('reportCentre.design.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
                  <Button size="small" type="link" danger data-testid={`rd-delete-${r.code}`}>{t('reportCentre.design.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {copying && <CopyDialog from={copying.from} onClose={(copied) => { setCopying(null); if (copied) done(t('reportCentre.design.copy'))(); }} />}
    </div>
  );
}

/** 复制: a designed report (from its id) or a built-in one (picked here) under a new code. */
function CopyDialog({ from, onClose }: { from: string | null; onClose: (copied: boolean) => void }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const [form] = Form.useForm<{ from: string; code: string; name?: string }>();
  const builtIns = useQuery({ queryKey: ['report-design', 'builtins'], queryFn: builtInReports, enabled: from === null });
  const copy = useMutation({ mutationFn: (v: { from: string; code: string; name?: string }) => copyReport(v.from, v.code, v.name || undefined), onSuccess: () => onClose(true) });
  return (
    <Modal open title={t('reportCentre.design.copy')} onCancel={() => onClose(false)} onOk={() => form.submit()} confirmLoading={copy.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ from: from ?? undefined }} onFinish={(v) => copy.mutate({ ...v, from: from ?? v.from })}>
        {from === null && (
          <Form.Item name="from" label={t('reportCentre.design.builtIn')} rules={[{ required: true }]}>
            <Select data-testid="rd-copy-from" options={(builtIns.data ?? []).map((b) => ({ value: b.code, label: `${english ? b.nameEn || b.name : b.name} (${b.code})` }))} />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('reportCentre.design.newCode')} rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }]}>
          <Input data-testid="rd-copy-code" />
        </Form.Item>
        <Form.Item name="name" label={t('reportCentre.design.newName')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
