import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal, Select } from 'antd';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { dischargePoints, rematch } from './api';
import { useRegistryTexts } from './texts';

/** 重新匹配: the selected trucks sent to the end of another discharge point's queue. */
export function RematchDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const t = useRegistryTexts();
  const [point, setPoint] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { data: points = [] } = useQuery({ queryKey: ['discharge-points'], queryFn: dischargePoints, staleTime: 60_000 });
  const ok = async () => {
    if (!point) return feedback.warning(t('choosePoint'), 2);
    setBusy(true);
    try {
      const reply = await rematch(ctx.base, ctx.selectedIds, point);
      feedback.success(t('rematched', { point: reply.dischargePoint }));
      ctx.clearSelection();
      ctx.refresh();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('rematch')} onCancel={onClose} onOk={() => void ok()} confirmLoading={busy} okText={t('ok')} cancelText={t('cancel')} data-testid="registry-rematch">
      <Select style={{ width: '100%' }} placeholder={t('choosePoint')} value={point} onChange={setPoint} options={points.map((p) => ({ value: p.id, label: p.title }))} />
    </Modal>
  );
}
