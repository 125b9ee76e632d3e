import { useState } from 'react';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { openRecheck } from './api';
import { SampleHeader, useLabSample, type DialogProps } from './shared';

/**
 * 复检: a checked sample is assayed again, with the reason the dispute gives; the server opens
 * round 2 (one recheck per sample) and refuses in its own words, shown here.
 */
export function RecheckDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: sample } = useLabSample(ctx);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!sample || busy) return;
    if (!reason.trim()) return setRefusal(t('qualityLab.reasonRequired'));
    setBusy(true);
    setRefusal(null);
    try {
      await openRecheck(sample.id, reason.trim());
      feedback.success(t('qualityLab.recheckDone'));
      ctx.refresh();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!err.shown) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };
  const footer = [
    <Button key="cancel" onClick={onClose}>{t('qualityLab.cancel')}</Button>,
    <Button key="ok" type="primary" loading={busy} disabled={!sample} onClick={() => void submit()} data-testid="lab-recheck-ok">{t('qualityLab.recheckOk')}</Button>,
  ];
  return (
    <Modal open width={640} title={`${t('qualityLab.recheckTitle')}${sample ? ` · ${sample.blindCode}` : ''}`} onCancel={onClose} footer={footer} destroyOnHidden>
      <div data-testid="lab-recheck-dialog">
        <SampleHeader sample={sample} />
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="lab-recheck-refusal" style={{ marginBottom: 12 }} />}
        <Typography.Text strong>{t('qualityLab.reason')}</Typography.Text>
        <Input.TextArea rows={3} maxLength={200} showCount value={reason} autoFocus placeholder={t('qualityLab.reasonPlaceholder')} data-testid="lab-recheck-reason"
          onChange={(e) => { setReason(e.target.value); setRefusal(null); }} />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{t('qualityLab.recheckHint')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
