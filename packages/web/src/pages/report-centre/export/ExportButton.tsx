import { Button, Progress, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelExport, downloadExport, fetchExportProgress, startExport } from './export-api';

/** a row count with thousands separators, as the platform's figures are grouped (not a time: no zone) */
const rowCount = new Intl.NumberFormat('en-US');

export interface ExportButtonProps {
  /** the report's code (rpt_report.code, or a built-in report's) */
  code: string;
  /** its name, the file's name */
  name: string;
  params: Record<string, unknown>;
  sort?: { key: string; dir: 'asc' | 'desc' }[];
}

/** how often a running export's progress is asked for */
const POLL_MS = 1000;

/**
 * 导出: the report's rows, as the filter bar asks for them, as an Excel file. A small export is
 * streamed and saved at once; a large one runs on the server as a job: its progress (rows written
 * of the total) shows beside the button with a cancel, and the file is saved when it is ready.
 */
export function ExportButton({ code, name, params, sort }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const fallbackName = `${name}.xlsx`;
  const { data: job } = useQuery({
    queryKey: ['report-export-job', jobId],
    queryFn: () => fetchExportProgress(jobId!),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && !['queued', 'running'].includes(q.state.data.state) ? false : POLL_MS),
  });
  const saved = useRef<string | null>(null);

  useEffect(() => {
    if (!job || !jobId || job.id !== jobId) return;
    if (job.ready && saved.current !== jobId) {
      saved.current = jobId;
      void downloadExport(jobId, fallbackName).finally(() => setJobId(null));
    } else if (job.state === 'cancelled') {
      setJobId(null);
    }
  }, [job, jobId, fallbackName]);

  const run = async () => {
    setBusy(true);
    try {
      const started = await startExport(code, { params, sort }, fallbackName);
      if (started) setJobId(started.jobId);
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    if (!jobId) return;
    await cancelExport(jobId).catch(() => undefined);
    setJobId(null);
  };

  const current = jobId && job?.id === jobId ? job : null;
  const running = jobId !== null && current?.state !== 'failed';
  return (
    <Space size="small">
      <Button loading={busy} disabled={running} onClick={run} data-testid="report-export">{t('reportCentre.export.button')}</Button>
      {jobId && (
        <Space size="small" data-testid="report-export-progress">
          {current?.state === 'failed' ? (
            <Typography.Text type="danger">{current.error ?? t('reportCentre.export.failed')}</Typography.Text>
          ) : (
            <>
              <Progress percent={current?.percent ?? 0} size="small" style={{ width: 140, margin: 0 }} status="active" />
              <Typography.Text type="secondary" data-testid="report-export-rows">
                {current?.rowsEstimated != null
                  ? t('reportCentre.export.rows', { done: rowCount.format(current.rowsWritten), total: rowCount.format(current.rowsEstimated) })
                  : t('reportCentre.export.queued')}
              </Typography.Text>
            </>
          )}
          {current?.state === 'failed'
            ? <Button size="small" onClick={() => setJobId(null)}>{t('reportCentre.export.close')}</Button>
            : <Button size="small" danger onClick={stop} data-testid="report-export-cancel">{t('reportCentre.export.cancel')}</Button>}
        </Space>
      )}
    </Space>
  );
}
