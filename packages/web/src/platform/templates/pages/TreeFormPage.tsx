import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Empty, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { documentBase, type FormatDefinition, type MenuButton } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError } from '@/platform/api/http';
import { fetchTree, runBatchAction } from '../api';
import type { Entity } from '../form/form-api';
import { formatTitle } from '../list/field-label';
import type { RawNode } from '../list/tree-nodes';
import { NodeForm } from './NodeForm';
import { NodeTree } from './NodeTree';
import { fill, usePageTexts } from './texts';
import { parentOfNew, type Creating } from './tree-form-state';
import './pages.css';

export interface NodeView {
  /** the chosen node; null while a new one is being written */
  id: string | null;
  /** the node's form (edit in place, or read-only without the update permission) */
  form: ReactNode;
  /** reload the tree and the page's own data after a change */
  reload(): void;
}

interface Props {
  /** the menu's LIST template: its resUrl is the family's base, its treeResUrl the tree */
  template: FormatDefinition;
  /** the menu's button entries the user holds (create, update, delList name the actions) */
  buttons: MenuButton[];
  /** the right side for a chosen node; by default its form alone */
  renderNode?(view: NodeView): ReactNode;
  /** buttons of the page's own beside add and delete */
  extraButtons?(view: { id: string | null; reload(): void }): ReactNode;
}

const byAction = (buttons: MenuButton[], action: string) => buttons.find((b) => b.component === action);
const nodeTitle = (nodes: readonly RawNode[], id: string | null) => nodes.find((n) => String(n.id) === id)?.name ?? '';

/**
 * The tree-with-form page (spec section 2): the tree on the left with its filter; on the right
 * the chosen node's form, saved in place, with add child, add sibling and delete.
 */
export function TreeFormPage({ template, buttons, renderNode, extraButtons }: Props) {
  const texts = usePageTexts();
  const english = useEnglish();
  const { modal, message } = App.useApp();
  const base = documentBase(template.resUrl ?? '');
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState<Creating | null>(null);
  const tree = useQuery({ queryKey: ['tree-form', template.id, template.treeResUrl], queryFn: () => fetchTree(template), enabled: Boolean(template.treeResUrl) });
  const nodes = useMemo(() => (tree.data ?? []) as RawNode[], [tree.data]);
  const create = byAction(buttons, 'create');
  const update = byAction(buttons, 'update');
  const remove = byAction(buttons, 'delList');
  const reload = () => void tree.refetch();

  const startNew = (where: 'child' | 'sibling') => {
    const parentId = parentOfNew(nodes, selected, where);
    setCreating({ parentId, parentName: parentId ? nodeTitle(nodes, parentId).replace(/^\S+\s/, '') : null });
  };

  const removeSelected = async () => {
    if (!selected) return;
    if (!(await modal.confirm({ title: texts.tip, content: texts.removeConfirm, okText: '确定', cancelText: '取消', type: 'warning' }))) return;
    try {
      await runBatchAction(base, 'delList', [selected]);
      message.success(texts.removed);
      setSelected(null);
      reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the client has shown the server's reason
    }
  };

  const onSaved = (entity: Entity) => {
    setCreating(null);
    if (entity.id !== undefined && entity.id !== null) setSelected(String(entity.id));
    reload();
  };

  const formButton = creating ? create : (update ?? create);
  const form = formButton && (creating || selected) ? (
    <NodeForm
      key={creating ? `new:${creating.parentId}` : selected}
      formButton={formButton}
      base={base}
      id={creating ? null : selected}
      presets={creating ? { parentId: creating.parentId, parentName: creating.parentName } : undefined}
      readOnly={!creating && !update}
      onSaved={onSaved}
      onCancel={creating ? () => setCreating(null) : undefined}
    />
  ) : null;
  const heading = creating ? (creating.parentId ? fill(texts.newUnder, { name: creating.parentName ?? '' }) : texts.newTop) : nodeTitle(nodes, selected);

  return (
    <div className="wb-card wb-tree-form-page" data-testid="tree-form-page" data-template={template.formatCode}>
      <NodeTree nodes={nodes} loading={tree.isLoading} selected={creating ? null : selected} onSelect={(id) => { setCreating(null); setSelected(id); }} />
      <section className="wb-tree-form-main">
        <div className="wb-tree-form-bar">
          <strong className="wb-tree-form-title">{heading || formatTitle(template, english)}</strong>
          <Space wrap>
            {create && <Button onClick={() => startNew('child')} disabled={!selected || Boolean(creating)} data-action="addChild">{texts.addChild}</Button>}
            {create && <Button onClick={() => startNew('sibling')} disabled={Boolean(creating)} data-action="addSibling">{texts.addSibling}</Button>}
            {remove && <Button danger onClick={() => void removeSelected()} disabled={!selected || Boolean(creating)} data-action="delList">{texts.remove}</Button>}
            {extraButtons?.({ id: creating ? null : selected, reload })}
          </Space>
        </div>
        {form ? (renderNode && !creating ? renderNode({ id: selected, form, reload }) : form) : <Empty description={texts.choose} />}
      </section>
    </div>
  );
}
