import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/platform/api/http';

/** A menu path naming a FineReport reportlet (`/reportforms/x.cpt`, or `?reportlet=`): opened through frView. */
export function reportletOf(path: string): string | null {
  const [pathname, search = ''] = path.split('?');
  const named = new URLSearchParams(search).get('reportlet');
  if (named) return named;
  const last = decodeURIComponent(pathname!.split('/').filter(Boolean).pop() ?? '');
  return /\.(cpt|frm)$/i.test(last) ? (search ? `${last}?${search}` : last) : null;
}

/**
 * The seed's embedded report: frView answers the path of the report's page (with the admin marker,
 * the current organisation and the org list), shown in the report area in place of the iframe area.
 */
export function ReportletFrame({ reportlet, title }: { reportlet: string; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ path?: string; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    call<{ path: string }>('/report/frView', { method: 'POST', body: { reportlet }, expected: [403, 404] })
      .then((answer) => live && setState({ path: answer.path }))
      .catch(() => live && setState({ failed: true }));
    return () => { live = false; };
  }, [reportlet]);
  if (state.failed) return <Result status="warning" title={t('reportCentre.viewer.reportletFailed')} />;
  if (!state.path) return <Spin />;
  return <iframe className="wb-reportlet" title={title} src={state.path} data-testid="reportlet-frame" />;
}
