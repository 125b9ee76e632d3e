import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { planPdf } from './api';
import { PlanDialog, useDetail, type DialogProps } from './shared';

/**
 * 打印: the plan with its pound list as the server prints it (findPrint's PDF) in the dialog, where
 * the browser's PDF viewer prints it; it may also be opened in a tab of its own.
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
    <PlanDialog kind="findPrint" width={900} plan={detail?.plan} onClose={onClose}>
      {url ? (
        <>
          <Button data-testid="plan-print-tab" style={{ marginBottom: 8 }} onClick={() => window.open(url, '_blank')}>{t('freightPlan.print.openTab')}</Button>
          <iframe data-testid="plan-print-frame" title={t('freightPlan.titles.findPrint')} src={url} style={{ width: '100%', height: '70vh', border: '1px solid #eee' }} />
        </>
      ) : <Spin tip={t('freightPlan.print.loading')}><div style={{ height: 200 }} /></Spin>}
    </PlanDialog>
  );
}
