import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { fromPicker, plantDateTimeText } from '@/platform/plant-time';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { getNotice, updateDone, updateEndTime, updateMaxLimit, type NoticeLine } from './api';
import { useNoticeDialog } from './dialog-store';
import { useNoticeTexts } from './texts';
import { useDisplay } from '@/platform/display';

type DialogProps = { ctx: PageActionContext; onClose(): void };

/** Runs a save; the client already showed the server's refusal, so only success speaks here. */
async function saving(ctx: PageActionContext, onClose: () => void, saved: string, work: () => Promise<unknown>, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await work();
    feedback.success(saved);
    ctx.refresh();
    onClose();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  } finally {
    setBusy(false);
  }
}

/**
 * 修改最大限量 / 修改已执行量: the notice's lines with what is done and on the way; one line is
 * picked and its new figure typed (a correction of done also says why). The server decides.
 */
function LineQuantityDialog({ ctx, onClose, mode }: DialogProps & { mode: 'updateMaxLimit' | 'updateDone' }) {
  const t = useNoticeTexts();
  const [lineId, setLineId] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = ctx.selectedIds[0];
  const { data: notice } = useQuery({ queryKey: ['notice', ctx.base, id], queryFn: () => getNotice(ctx.base, id) });
  const ok = () => {
    if (!lineId) return feedback.warning(t('chooseLine'), 2);
    if (value.trim() === '') return feedback.warning(t('valueRequired'), 2);
    if (mode === 'updateDone' && reason.trim() === '') return feedback.warning(t('reasonRequired'), 2);
    const work = mode === 'updateMaxLimit'
      ? () => updateMaxLimit(ctx.base, { lineId, maxLimit: value.trim() })
      : () => updateDone(ctx.base, { lineId, doneQuantity: value.trim(), reason: reason.trim() });
    return void saving(ctx, onClose, t('saved'), work, setBusy);
  };
  const display = useDisplay();
  const weight = (v: string | null) => display.weight(v);
  const columns = [
    { title: t('seq'), dataIndex: 'lineSeq', width: 60 },
    { title: t('material'), dataIndex: 'materialName' },
    { title: t('quantity'), dataIndex: 'quantity', align: 'right' as const, render: weight },
    { title: t('maxLimit'), dataIndex: 'maxLimit', align: 'right' as const, render: weight },
    { title: t('done'), dataIndex: 'lineDone', align: 'right' as const, render: weight },
    { title: t('inTransit'), dataIndex: 'lineInTransit', align: 'right' as const, render: weight },
    { title: t('remaining'), dataIndex: 'lineRemaining', align: 'right' as const, render: weight },
  ];
  return (
    <Modal open width={760} title={`${t(mode)}${notice ? ` · ${notice.noticeNo}` : ''}`} onCancel={onClose} onOk={ok} confirmLoading={busy}
      okText={t('ok')} cancelText={t('cancel')} destroyOnHidden>
      <div data-testid={`notice-${mode}`}>
      <Table<NoticeLine> size="small" rowKey="id" pagination={false} loading={!notice} dataSource={notice?.entitysub ?? []} columns={columns}
        rowSelection={{ type: 'radio', selectedRowKeys: lineId ? [lineId] : [], onChange: (keys) => setLineId(String(keys[0])) }}
        onRow={(r) => ({ onClick: () => setLineId(r.id) })} />
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label={mode === 'updateMaxLimit' ? t('newMaxLimit') : t('newDone')} required>
          <Input data-testid="notice-line-value" value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" suffix="吨" />
        </Form.Item>
        {mode === 'updateDone' && (
          <Form.Item label={t('reason')} required>
            <Input.TextArea data-testid="notice-line-reason" rows={2} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        )}
      </Form>
      </div>
    </Modal>
  );
}

/** 修改结束时间: an audited notice's period extended. */
function EndTimeDialog({ ctx, onClose }: DialogProps) {
  const t = useNoticeTexts();
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const id = ctx.selectedIds[0];
  const { data: notice } = useQuery({ queryKey: ['notice', ctx.base, id], queryFn: () => getNotice(ctx.base, id) });
  const ok = () => {
    if (!end) return feedback.warning(t('endTimeRequired'), 2);
    return void saving(ctx, onClose, t('saved'), () => updateEndTime(ctx.base, { id, endTime: fromPicker(end) as string }), setBusy);
  };
  return (
    <Modal open title={`${t('updateEndTime')}${notice ? ` · ${notice.noticeNo}` : ''}`} onCancel={onClose} onOk={ok} confirmLoading={busy}
      okText={t('ok')} cancelText={t('cancel')} destroyOnHidden>
      <Form layout="vertical" data-testid="notice-updateEndTime">
        <Form.Item label={t('endTime')}>{plantDateTimeText(notice?.endTime)}</Form.Item>
        <Form.Item label={t('newEndTime')} required>
          <DatePicker showTime style={{ width: '100%' }} value={end} onChange={setEnd} format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The open notice dialog (loaded with the first notice button clicked). */
export default function NoticeDialogs() {
  const open = useNoticeDialog((s) => s.open);
  const close = useNoticeDialog((s) => s.close);
  if (!open) return null;
  if (open.kind === 'updateEndTime') return <EndTimeDialog key={open.key} ctx={open.ctx} onClose={close} />;
  return <LineQuantityDialog key={open.key} ctx={open.ctx} onClose={close} mode={open.kind} />;
}
