import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/platform/api/download';

export interface ExportButtonProps {
  /** the report's code (rpt_report.code, or a built-in report's) */
  code: string;
  /** its name, the file's name */
  name: string;
  params: Record<string, unknown>;
  sort?: { key: string; dir: 'asc' | 'desc' }[];
}

/** 导出: the report's rows, as the filter bar asks for them, as an Excel file the server streams. */
export function ExportButton({ code, name, params, sort }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/report/export/${encodeURIComponent(code)}`, { method: 'POST', body: { params, sort }, fallbackName: `${name}.xlsx` });
    } finally {
      setBusy(false);
    }
  };
  return <Button loading={busy} onClick={run} data-testid="report-export">{t('reportCentre.export.button')}</Button>;
}
