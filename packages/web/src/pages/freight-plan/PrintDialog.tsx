import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { planPdf } from './api';
import { PlanDialog, useDetail, type DialogProps } from './shared';

/**
 * 打印: the plan with its pound list as the server prints it (findPrint's PDF, fetched with the
 * session's token), opened in a tab of its own where the browser's PDF viewer prints it. Not in a
 * frame: the workspace's Content-Security-Policy allows no blob: frames.
 */
export function PrintDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: detail } = useDetail(ctx);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    void planPdf(ctx.base, ctx.selectedIds[0] as string).then((file) => {
      made = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
      if (live) setUrl(made);
    }).catch(() => onClose());
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [ctx.base, ctx.selectedIds, onClose]);
  return (
    <PlanDialog kind="findPrint" width={520} plan={detail?.plan} onClose={onClose}>
      {url ? (
        <Result status="success" title={t('freightPlan.print.ready')}
          extra={<Button type="primary" data-testid="plan-print-tab" onClick={() => window.open(url, '_blank')}>{t('freightPlan.print.openTab')}</Button>} />
      ) : <Spin tip={t('freightPlan.print.loading')}><div style={{ height: 200 }} /></Spin>}
    </PlanDialog>
  );
}
