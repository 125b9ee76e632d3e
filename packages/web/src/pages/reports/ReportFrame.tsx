import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { useSession } from '@/app/session/session-store';
import './reports.css';

/** The frame of a report page opened without the main layout: its title, the company, the content. */
export function ReportFrame({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId: string }) {
  useDocumentTitle(title);
  const company = useSession((s) => s.userInfo?.currentOrgName ?? '');
  return (
    <div className="wb-report" data-testid={testId}>
      <header className="wb-report-head">
        <div>
          <h1>{title}</h1>
          <small>{company}</small>
        </div>
        <div className="wb-report-extra">{extra}</div>
      </header>
      <main className="wb-report-body">{children}</main>
    </div>
  );
}
