import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { create } from 'zustand';
import type { StationCredentialIssued } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError, call } from '@/platform/api/http';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';

const useIssueDialog = create<{ ctx: PageActionContext | null; show(ctx: PageActionContext): void; close(): void }>()((set) => ({
  ctx: null,
  show: (ctx) => set({ ctx }),
  close: () => set({ ctx: null }),
}));

/** 系统管理 / 磅点凭证's 发放凭证 button (server domain/station menu.ts: page:issueStationKey). */
registerPageActions('station-keys', { issueStationKey: (ctx) => useIssueDialog.getState().show(ctx) });

const zh = {
  title: '发放磅点凭证', stationName: '磅点名称', scaleId: '秤编号', scaleHint: '磅点程序配置中的秤编号（scaleId）', remark: '备注', ok: '发放', close: '关闭',
  shown: '凭证已发放。密钥只显示这一次：请立即复制到磅点程序的配置中，关闭后无法再查看。', key: '密钥', required: '必填',
};
const en: typeof zh = {
  title: 'Issue a station key', stationName: 'Station', scaleId: 'Scale id', scaleHint: 'The scaleId in the station agent\'s configuration', remark: 'Remark', ok: 'Issue', close: 'Close',
  shown: 'The key is shown this once: copy it into the station agent\'s configuration now; it cannot be seen again.', key: 'Key', required: 'Required',
};

/**
 * The issue dialog: the station's name and its scale id; the answer's key is shown once, to be
 * copied into the agent's configuration (the server keeps only its hash).
 */
export function StationKeyDialogHost() {
  const ctx = useIssueDialog((s) => s.ctx);
  const close = useIssueDialog((s) => s.close);
  const tx = useEnglish() ? en : zh;
  const [form] = Form.useForm<{ stationName: string; scaleId: string; remark?: string }>();
  const [issued, setIssued] = useState<StationCredentialIssued | null>(null);
  const [busy, setBusy] = useState(false);
  if (!ctx) return null;
  const done = () => {
    if (issued) ctx.refresh();
    setIssued(null);
    form.resetFields();
    close();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      setIssued(await call<StationCredentialIssued>('/station/credential/issue', { method: 'POST', body: { ...values, remark: values.remark || undefined } }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={tx.title} onCancel={done} onOk={issued ? done : () => void submit()} okText={issued ? tx.close : tx.ok} confirmLoading={busy}
      cancelButtonProps={{ style: issued ? { display: 'none' } : undefined }} maskClosable={false} destroyOnHidden data-testid="station-key-dialog">
      {issued ? (
        <>
          <Alert type="warning" showIcon message={tx.shown} style={{ marginBottom: 12 }} />
          <Typography.Paragraph copyable={{ text: issued.key }} code data-testid="station-key-value">{issued.key}</Typography.Paragraph>
        </>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item name="stationName" label={tx.stationName} rules={[{ required: true, whitespace: true, message: tx.required }]}>
            <Input data-testid="station-key-name" maxLength={64} />
          </Form.Item>
          <Form.Item name="scaleId" label={tx.scaleId} tooltip={tx.scaleHint} rules={[{ required: true, pattern: /^[A-Za-z0-9_.#-]{1,32}$/, message: tx.scaleHint }]}>
            <Input data-testid="station-key-scale" maxLength={32} />
          </Form.Item>
          <Form.Item name="remark" label={tx.remark}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
