import { useMemo, useState } from 'react';
import { Button, Descriptions, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminFormat } from '@wb/protocol';
import { useNav } from '@/app/hooks/useNav';
import { feedback } from '@/platform/feedback';
import { flattenLeaves } from '@/platform/menu/menu-routes';
import { allotFormat, findAllots } from './api';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';

/** Format allot: a list is opened by a menu entry, a form by a button entry (spec: format allot create and findList). */
export function AllotEditor({ format }: { format: AdminFormat }) {
  const tx = useAdminTexts();
  const nav = useNav();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  const { data: bound } = useQuery({ queryKey: ['template-admin', 'allot', format.id, format.version], queryFn: () => findAllots(format.id) });
  const [menuId, setMenuId] = useState<string | null>(null);
  const choices = useMemo(() => {
    if (format.formatType === 'LIST') return flattenLeaves(nav.menu).map((m) => ({ value: m.id, label: `${m.label} (${m.path})` }));
    return (nav.reply?.buttons ?? []).map((b) => ({ value: b.id, label: `${b.label} (${b.permision})` }));
  }, [format.formatType, nav.menu, nav.reply]);
  if (format.formatType !== 'LIST' && format.formatType !== 'FORM') return null;

  const bind = (id: string | null) =>
    confirmUpdate(async () => {
      await allotFormat(format.id, format.version, id);
      feedback.success(tx.saved);
      setMenuId(null);
      changed();
    });
  const current = bound?.[0];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="allot-editor">
      <Descriptions size="small" column={1} items={[{
        key: 'bound', label: tx.formats.menu,
        children: current ? `${current.menuName} · ${current.kind === 'menu' ? tx.factor.kindMenu : tx.factor.kindButton}${current.menuPath ? ` · ${current.menuPath}` : ''}` : tx.factor.unbound,
      }]} />
      <Space wrap>
        <Select showSearch={{ optionFilterProp: 'label' }} style={{ width: 320 }} value={menuId ?? undefined} onChange={setMenuId} options={choices} />
        <Button type="primary" disabled={!menuId} onClick={() => bind(menuId)}>{tx.factor.bind}</Button>
        {current && <Button danger onClick={() => bind(null)}>{tx.factor.unbind}</Button>}
      </Space>
    </Space>
  );
}
