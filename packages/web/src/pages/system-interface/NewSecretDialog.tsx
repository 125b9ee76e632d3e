import { Alert, Modal, Typography } from 'antd';
import { create } from 'zustand';
import { call } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { registerPageActions } from '@/platform/templates/buttons/page-actions';
import { apiPath } from '@/platform/templates/api';

/**
 * 接口配置's 重新生成密钥 button (server domain/system/interface/module.ts, page:newSecret): the
 * chosen subscription gets a new signing secret, shown here this once to copy to its receiver.
 */
const useNewSecret = create<{ issued: { name: string; secret: string } | null; show(v: { name: string; secret: string }): void; close(): void }>()((set) => ({
  issued: null, show: (issued) => set({ issued }), close: () => set({ issued: null }),
}));

registerPageActions('system-interface', {
  newSecret: async (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning('请选择一个接口订阅 Choose one subscription', 2);
    const issued = await call<{ name: string; secret: string }>(`${apiPath(ctx.base)}/newSecret/${encodeURIComponent(ctx.selectedIds[0])}`, { method: 'POST' }).catch(() => null);
    if (!issued) return;
    useNewSecret.getState().show(issued);
    ctx.refresh();
  },
});

export function NewSecretDialogHost() {
  const issued = useNewSecret((s) => s.issued);
  const close = useNewSecret((s) => s.close);
  if (!issued) return null;
  return (
    <Modal open title={`新签名密钥 New signing secret: ${issued.name}`} onCancel={close} onOk={close} okText="完成 Done" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Alert type="warning" showIcon message="密钥只显示这一次，请立即复制到接收方 The secret is shown this once" style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable code data-testid="new-secret">{issued.secret}</Typography.Paragraph>
    </Modal>
  );
}
