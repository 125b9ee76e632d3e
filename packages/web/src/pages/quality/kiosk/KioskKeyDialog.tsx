import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { call, ApiError } from '@/platform/api/http';

/**
 * 质检终端's 发放密钥 button (server domain/quality/menu-apply.ts, page:issueKiosk): a kiosk's name
 * and the assay items it may enter; the key the server answers is shown once, to copy to the
 * lab bench's browser (/viewWeigh?key=...).
 */
const useKioskDialog = create<{ ctx: PageActionContext | null; show(ctx: PageActionContext): void; close(): void }>()((set) => ({
  ctx: null, show: (ctx) => set({ ctx }), close: () => set({ ctx: null }),
}));
registerPageActions('quality-kiosk', { issueKiosk: (ctx) => useKioskDialog.getState().show(ctx) });

const DEFAULT_ITEMS = [['001', '水分'], ['002', 'Si'], ['003', 'S'], ['004', 'C'], ['005', '强度']];

export function KioskKeyDialogHost() {
  const { t } = useTranslation();
  const ctx = useKioskDialog((s) => s.ctx);
  const close = useKioskDialog((s) => s.close);
  const [name, setName] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [issued, setIssued] = useState<{ key: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!ctx) return null;
  const done = () => { setIssued(null); setName(''); setCodes([]); setError(null); close(); ctx.refresh(); };
  const issue = async () => {
    try {
      const r = await call<{ key: string; name: string }>(`/quality/kiosk/issueKiosk`, { method: 'POST', body: { name, itemCodes: codes }, quiet: true });
      setIssued(r);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Modal open title={t('kiosk.issueTitle')} onCancel={done} onOk={issued ? done : () => void issue()} okText={issued ? t('kiosk.done') : t('kiosk.issue')} destroyOnHidden>
      {issued ? (
        <>
          <Alert type="warning" showIcon message={t('kiosk.shownOnce')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph copyable data-testid="kiosk-issued-key" code>{issued.key}</Typography.Paragraph>
          <Typography.Paragraph copyable>{`${window.location.origin}/viewWeigh?key=${issued.key}`}</Typography.Paragraph>
        </>
      ) : (
        <Form layout="vertical">
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
          <Form.Item label={t('kiosk.name')} required>
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="kiosk-name" />
          </Form.Item>
          <Form.Item label={t('kiosk.items')} required>
            <Select mode="tags" value={codes} onChange={setCodes} data-testid="kiosk-items" options={DEFAULT_ITEMS.map(([value, label]) => ({ value, label: `${value} ${label}` }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
