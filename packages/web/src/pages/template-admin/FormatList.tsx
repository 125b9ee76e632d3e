import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FormatSelectBody, FormatSummary } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { restoreFormat, selectFormats } from './api';
import { fill, useAdminTexts } from './texts';
import { useTemplateChanged } from './useTemplateChanged';
import { FACTOR_PATH } from './paths';

type Filter = Pick<FormatSelectBody, 'formatCode' | 'formatName' | 'formatType'>;

/** The formats, searched by code, name and type (spec: Format select); a click chooses one. */
export function FormatList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const tx = useAdminTexts();
  const navigate = useNavigate();
  const changed = useTemplateChanged();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pn: 1, ps: 10 });
  const { data, isFetching } = useQuery({
    queryKey: ['template-admin', 'formats', filter, page],
    queryFn: () => selectFormats({ ...filter, limit: page }),
    placeholderData: keepPreviousData,
  });
  const restore = async (f: FormatSummary) => {
    await restoreFormat(f.id);
    feedback.success(tx.formats.restored);
    changed();
  };

  return (
    <div className="wb-card" data-testid="format-list">
      <Form
        form={form}
        layout="inline"
        className="ta-search"
        onFinish={(v) => {
          setFilter({ formatCode: v.formatCode || undefined, formatName: v.formatName || undefined, formatType: v.formatType || undefined });
          setPage((p) => ({ ...p, pn: 1 }));
        }}
      >
        <Form.Item name="formatCode" label={tx.formats.code}><Input allowClear data-testid="format-search-code" /></Form.Item>
        <Form.Item name="formatName" label={tx.formats.name}><Input allowClear data-testid="format-search-name" /></Form.Item>
        <Form.Item name="formatType" label={tx.formats.type}>
          <Select allowClear style={{ width: 130 }} options={Object.entries(tx.types).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="format-search">{tx.formats.search}</Button>
          <Button onClick={() => { form.resetFields(); setFilter({}); }}>{tx.formats.reset}</Button>
        </Space>
      </Form>
      <Table<FormatSummary>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowClassName={(r) => (r.id === selectedId ? 'wb-row-selected ta-clickable' : 'ta-clickable')}
        onRow={(r) => ({ onClick: () => onSelect(r.id) })}
        columns={[
          { title: tx.formats.code, dataIndex: 'formatCode', render: (v: string) => <code>{v}</code> },
          { title: tx.formats.name, dataIndex: 'formatName' },
          { title: tx.formats.type, dataIndex: 'formatType', width: 100, render: (v: string) => tx.types[v] ?? v },
          { title: tx.formats.style, dataIndex: 'formatStyle', ellipsis: true, render: (v: string) => tx.styles[v] ?? v },
          { title: tx.formats.menu, dataIndex: 'menuName', width: 120, render: (v: string | null) => v ?? '—' },
          { title: tx.formats.fields, dataIndex: 'fieldCount', width: 80, align: 'right' },
          {
            title: tx.formats.source, dataIndex: 'source', width: 100,
            render: (v: string) => (v === 'admin' ? <Tag color="orange">{tx.formats.sourceAdmin}</Tag> : <Tag>{tx.formats.sourceCode}</Tag>),
          },
          {
            title: tx.fields.actions, key: 'actions', width: 200,
            render: (_: unknown, r) => (
              <Space size="small" onClick={(e) => e.stopPropagation()}>
                <a onClick={() => navigate(`${FACTOR_PATH}?id=${r.id}`)}>{tx.formats.params}</a>
                {r.declared && r.source === 'admin' && (
                  <Popconfirm title={tx.formats.restoreConfirm} onConfirm={() => restore(r)} okText="确定" cancelText="取消">
                    <a data-testid={`restore-${r.formatCode}`}>{tx.formats.restore}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
        pagination={{
          current: page.pn,
          pageSize: page.ps,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '40'],
          showTotal: (total) => fill(tx.formats.total, { total }),
          onChange: (pn, ps) => setPage({ pn: ps === page.ps ? pn : 1, ps }),
        }}
      />
    </div>
  );
}
