import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Radio, Space, Switch, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { menuComponentKeys } from '@/app/layout/page-registry';
import type { AdminMenuNode, ResourceScanReport } from '@wb/protocol';
import { createMenuEntry, deleteMenuEntry, fetchMenuTree, type MenuEntryBody, scanResources, updateMenuEntry } from './api';
import { type AdminTexts, fill, useAdminTexts } from './texts';
import './system-admin.css';

const TREE_KEY = ['system-admin', 'menu-tree'];

type Editing = { mode: 'edit'; entry: AdminMenuNode } | { mode: 'new'; parentId: string | null };

/** 菜单管理: the menu and button tree; the chosen entry is edited beside it. */
export default function MenusPage() {
  const tx = useAdminTexts();
  const english = useEnglish();
  const { can } = usePermissions();
  const editable = can('sys_menu_edit');
  const client = useQueryClient();
  const { modal } = App.useApp();
  const { data: tree = [] } = useQuery({ queryKey: TREE_KEY, queryFn: fetchMenuTree });
  const byId = useMemo(() => flatten(tree), [tree]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<MenuEntryBody>();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') form.setFieldsValue(editing.entry);
    else form.setFieldsValue({ parentId: editing.parentId, kind: editing.parentId && byId.get(editing.parentId)?.children.some((c) => c.kind === 'button') ? 'button' : 'menu', sort: 0, keepAlive: true, menuFlag: 'web' });
  }, [editing, form, byId]);
  const done = async () => {
    feedback.success(tx.common.saved);
    await client.invalidateQueries({ queryKey: TREE_KEY });
    await client.invalidateQueries({ queryKey: ['nav'] });
  };
  const save = useMutation({
    mutationFn: async (body: MenuEntryBody): Promise<void> => {
      if (editing?.mode === 'edit') await updateMenuEntry(editing.entry.id, body);
      else await createMenuEntry(body);
    },
    onSuccess: done,
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof MenuEntryBody, errors: [err.message] }]);
    },
  });
  const remove = useMutation({ mutationFn: deleteMenuEntry, onSuccess: async () => { setEditing(null); await done(); } });
  const label = (e: AdminMenuNode) => (english && e.nameEn) || e.name;
  const scan = useMutation({ mutationFn: () => scanResources(menuComponentKeys()), onSuccess: (report) => modal.info(scanDialog(report, tx)) });

  return (
    <div className="sa-page sa-split" data-testid="menus-page">
      <Card size="small" className="sa-left">
        <Space className="sa-toolbar">
          {editable && <Button type="primary" onClick={() => setEditing({ mode: 'new', parentId: null })}>{tx.menus.newEntry}</Button>}
          <Button loading={scan.isPending} onClick={() => scan.mutate()} data-testid="scan-resources">{tx.menus.scan}</Button>
        </Space>
        <div className="sa-tree">
          <Tree<DataNode>
            blockNode
            showLine
            treeData={toNodes(tree, label, tx.menus.button)}
            selectedKeys={editing?.mode === 'edit' ? [editing.entry.id] : []}
            onSelect={(keys) => {
              const entry = byId.get(String(keys[0]));
              if (entry) setEditing({ mode: 'edit', entry });
            }}
          />
        </div>
      </Card>
      <Card size="small" className="sa-right" title={editing ? (editing.mode === 'edit' ? tx.menus.editEntry : tx.menus.newEntry) : undefined}>
        {!editing && <Empty description={tx.common.choose} />}
        {editing && (
          <Form form={form} labelCol={{ flex: '110px' }} disabled={!editable} onFinish={(v) => save.mutate(normalise(v))}>
            <Form.Item name="parentId" label={tx.menus.parent}>
              <TreeSelect allowClear placeholder={tx.menus.root} treeData={toSelect(tree, label)} treeDefaultExpandAll={false} showSearch treeNodeFilterProp="title" />
            </Form.Item>
            <Form.Item name="kind" label={tx.menus.kind}>
              <Radio.Group options={[{ value: 'menu', label: tx.menus.menu }, { value: 'button', label: tx.menus.button }]} />
            </Form.Item>
            <Form.Item name="name" label={tx.menus.name} rules={[{ required: true, max: 50 }]}><Input /></Form.Item>
            <Form.Item name="nameEn" label={tx.menus.nameEn}><Input /></Form.Item>
            {kind !== 'button' && <Form.Item name="path" label={tx.menus.path} rules={[{ required: true }]}><Input placeholder="/system/user" /></Form.Item>}
            <Form.Item name="component" label={tx.menus.component}><Input placeholder={kind === 'button' ? 'create' : 'system-admin/users'} /></Form.Item>
            {kind !== 'button' && <Form.Item name="icon" label={tx.menus.icon}><Input placeholder="SettingOutlined" /></Form.Item>}
            <Form.Item name="permission" label={tx.menus.permission} rules={kind === 'button' ? [{ required: true }] : []}><Input placeholder="sys_user_edit" /></Form.Item>
            <Form.Item name="sort" label={tx.menus.sort}><InputNumber min={0} max={99999} /></Form.Item>
            {kind !== 'button' && <Form.Item name="keepAlive" label={tx.menus.keepAlive} valuePropName="checked"><Switch /></Form.Item>}
            <Form.Item name="menuFlag" label={tx.menus.menuFlag}>
              <Radio.Group options={[{ value: 'web', label: tx.menus.web }, { value: 'app', label: tx.menus.app }]} />
            </Form.Item>
            {editable && (
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>{tx.common.save}</Button>
                {editing.mode === 'edit' && editing.entry.kind === 'menu' && (
                  <Button onClick={() => setEditing({ mode: 'new', parentId: editing.entry.id })}>{tx.menus.addChild}</Button>
                )}
                {editing.mode === 'edit' && (
                  <Popconfirm title={fill(tx.common.confirmDelete, { name: editing.entry.name })} onConfirm={() => remove.mutate(editing.entry.id)}>
                    <Button danger loading={remove.isPending}>{tx.common.remove}</Button>
                  </Popconfirm>
                )}
              </Space>
            )}
          </Form>
        )}
      </Card>
    </div>
  );
}

/** Empty inputs go as null, and a button carries no page fields. */
function normalise(v: MenuEntryBody): MenuEntryBody {
  const blank = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
  const button = v.kind === 'button';
  return {
    parentId: v.parentId ?? null, kind: v.kind, name: v.name, nameEn: blank(v.nameEn), path: button ? null : blank(v.path), component: blank(v.component),
    icon: button ? null : blank(v.icon), permission: blank(v.permission), sort: v.sort ?? 0, keepAlive: v.keepAlive ?? true, menuFlag: v.menuFlag ?? 'web',
  };
}

function flatten(entries: AdminMenuNode[], out = new Map<string, AdminMenuNode>()): Map<string, AdminMenuNode> {
  for (const e of entries) {
    out.set(e.id, e);
    flatten(e.children, out);
  }
  return out;
}

function toNodes(entries: AdminMenuNode[], label: (e: AdminMenuNode) => string, buttonWord: string): DataNode[] {
  return entries.map((e) => ({
    key: e.id,
    title: (
      <span>
        {label(e)}
        {e.kind === 'button' && <Tag color="blue" style={{ marginLeft: 6 }}>{buttonWord}</Tag>}
        <span className="sa-code">{e.permission ?? e.path}</span>
      </span>
    ),
    children: toNodes(e.children, label, buttonWord),
  }));
}

function toSelect(entries: AdminMenuNode[], label: (e: AdminMenuNode) => string): { value: string; title: string; children: ReturnType<typeof toSelect> }[] {
  return entries.filter((e) => e.kind === 'menu').map((e) => ({ value: e.id, title: label(e), children: toSelect(e.children, label) }));
}

/** The scan's findings, one list per kind; nothing to fix says so. */
function scanDialog(report: ResourceScanReport, tx: AdminTexts) {
  const sections: [string, string[]][] = [
    [tx.menus.unbound, report.unboundComponents],
    [tx.menus.unknown, report.unknownComponents.map((c) => `${c.name}: ${c.component}`)],
    [tx.menus.unregistered, report.unregisteredPermissions],
  ];
  const found = sections.filter(([, items]) => items.length > 0);
  return {
    title: tx.menus.scan,
    width: 560,
    content: found.length === 0 ? tx.menus.allGood : (
      <div data-testid="scan-report">
        {found.map(([title, items]) => (
          <div key={title}>
            <Typography.Text strong>{title}</Typography.Text>
            <ul>{items.map((i) => <li key={i}><code>{i}</code></li>)}</ul>
          </div>
        ))}
      </div>
    ),
  };
}
