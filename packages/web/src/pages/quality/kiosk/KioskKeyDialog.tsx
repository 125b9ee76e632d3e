import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
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
    <Modal open title="发放质检终端密钥 Issue kiosk key" onCancel={done} onOk={issued ? done : () => void issue()} okText={issued ? '完成 Done' : '发放 Issue'} destroyOnHidden>
      {issued ? (
        <>
          <Alert type="warning" showIcon message="密钥只显示这一次，请立即抄录 The key is shown this once" style={{ marginBottom: 12 }} />
          <Typography.Paragraph copyable data-testid="kiosk-issued-key" code>{issued.key}</Typography.Paragraph>
          <Typography.Paragraph copyable>{`${window.location.origin}/viewWeigh?key=${issued.key}`}</Typography.Paragraph>
        </>
      ) : (
        <Form layout="vertical">
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
          <Form.Item label="终端名称 Kiosk name" required>
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="kiosk-name" />
          </Form.Item>
          <Form.Item label="化验项目编码 Assay item codes" required>
            <Select mode="tags" value={codes} onChange={setCodes} data-testid="kiosk-items" options={DEFAULT_ITEMS.map(([value, label]) => ({ value, label: `${value} ${label}` }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
