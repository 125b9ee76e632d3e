import { useEffect, useState } from 'react';
import { Checkbox, Modal, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError, call } from '@/platform/api/http';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { MOST_SHORTCUTS } from '@wb/protocol';
import { byFolder, canTickMore, toggleChosen, type ShortcutChoice } from './choices';

const useChooseDialog = create<{ ctx: PageActionContext | null; show(ctx: PageActionContext): void; close(): void }>()((set) => ({
  ctx: null,
  show: (ctx) => set({ ctx }),
  close: () => set({ ctx: null }),
}));

/** 系统管理 / 首页快捷入口's 设置 button (server domain/system/home-shortcut: page:chooseHomeShortcuts). */
registerPageActions('home-shortcut', { chooseHomeShortcuts: (ctx) => useChooseDialog.getState().show(ctx) });

type Role = { id: string; roleCode: string; roleName: string; roleNameEn: string | null };
type Row = { roleId: string; menuId: string; seq: number };

/**
 * Chooses a role's home page shortcuts in the tree of the pages its menu grants, in the order
 * ticked; a role with a choice already opens with it.
 */
export function HomeShortcutDialogHost() {
  const ctx = useChooseDialog((s) => s.ctx);
  const close = useChooseDialog((s) => s.close);
  const { t } = useTranslation();
  const english = useEnglish();
  const client = useQueryClient();
  const [roles, setRoles] = useState<Role[]>([]);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [choices, setChoices] = useState<ShortcutChoice[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ctx) return;
    setRoleId(null);
    setChoices(null);
    setChosen([]);
    void call<{ list: Role[] }>('/system/home-shortcut/roles').then((r) => setRoles(r.list)).catch(() => setRoles([]));
  }, [ctx]);

  const pick = async (id: string) => {
    setRoleId(id);
    setChoices(null);
    const [offered, saved] = await Promise.all([
      call<{ list: ShortcutChoice[] }>('/system/home-shortcut/choices', { query: { roleId: id } }),
      call<{ list: Row[] }>('/system/home-shortcut/v2/list', { method: 'POST', body: { limit: { pn: 1, ps: 100 } } }),
    ]);
    setChoices(offered.list);
    setChosen(saved.list.filter((r) => String(r.roleId) === id).sort((a, b) => a.seq - b.seq).map((r) => String(r.menuId)));
  };

  if (!ctx) return null;
  const save = async () => {
    if (!roleId) return;
    setBusy(true);
    try {
      await call('/system/home-shortcut/save', { method: 'POST', body: { roleId, menuIds: chosen } });
      ctx.refresh();
      // the home page (kept open in its tab) reads its tiles again
      void client.invalidateQueries({ queryKey: ['home-shortcuts'] });
      close();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  const label = (c: { name: string; nameEn: string | null }) => (english && c.nameEn ? c.nameEn : c.name);
  return (
    <Modal open title={t('menuConfiguration.title')} onCancel={close} onOk={() => void save()} okText={t('menuConfiguration.save')}
      okButtonProps={{ disabled: !roleId }} confirmLoading={busy} width={720} destroyOnHidden>
      <div data-testid="home-shortcut-dialog">
        <Select
          style={{ width: 260, marginBottom: 12 }}
          placeholder={t('menuConfiguration.chooseRole')}
          value={roleId ?? undefined}
          onChange={(v: string) => void pick(v)}
          options={roles.map((r) => ({ value: r.id, label: english && r.roleNameEn ? r.roleNameEn : r.roleName }))}
          data-testid="home-shortcut-role"
        />
        <Typography.Paragraph type="secondary">
          {t('menuConfiguration.hint')}{' '}
          <span data-testid="home-shortcut-count">{t('menuConfiguration.count', { count: chosen.length, most: MOST_SHORTCUTS })}</span>
        </Typography.Paragraph>
        {roleId && !choices && <Spin />}
        {choices && byFolder(choices).map((folder) => (
          <div key={folder.folder} className="wb-home-shortcut-folder">
            <h4>{english && folder.folderEn ? folder.folderEn : folder.folder}</h4>
            {folder.pages.map((c) => {
              const at = chosen.indexOf(c.id);
              return (
                <Checkbox key={c.id} checked={at >= 0} disabled={at < 0 && !canTickMore(chosen)} onChange={() => setChosen((now) => toggleChosen(now, c.id))} data-testid={`home-shortcut-choice-${c.path}`}>
                  {label(c)} {at >= 0 && <Tag>{at + 1}</Tag>}
                </Checkbox>
              );
            })}
          </div>
        ))}
      </div>
    </Modal>
  );
}
