import { Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useEnglish } from '@/i18n/useEnglish';
import { reportCentreEn, reportCentreZh } from '@/pages/report-centre/i18n';
import { ReportViewer } from '@/pages/report-centre/viewer/ReportViewer';
import { embedContext } from './api';

/**
 * An embedded report (/report-embed/<code>, the path frView answers): the report alone, without
 * the workspace's frame, and what the seed passes to an embedded report: the administrator marker
 * (data-admin: the fixed marker, or empty), the current organisation and the caller's org list.
 */
export default function ReportEmbedPage() {
  const { code = '' } = useParams();
  // frView's path carries the reportlet's parameters: the report's initial filter
  const [search] = useSearchParams();
  const tx = useEnglish() ? reportCentreEn.sql : reportCentreZh.sql;
  const context = useQuery({ queryKey: ['report-embed', 'context'], queryFn: embedContext, retry: false });
  if (context.isPending) return <Spin />;
  if (context.isError) return <Result status="403" title={tx.embedTitle} />;
  const { admin, orgId, orgName, orgs } = context.data;
  return (
    <div className="report-embed" data-testid="report-embed" data-admin={admin} data-org-id={orgId} style={{ padding: 12 }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">{tx.currentOrg}</Typography.Text>
        <Select
          size="small" value={orgId} disabled style={{ minWidth: 200 }} data-testid="report-embed-orgs"
          options={orgs.map((o) => ({ value: o.id, label: o.orgName }))}
          placeholder={orgName ?? ''}
        />
        {admin && <Tag color="blue" data-testid="report-embed-admin">{tx.admin}</Tag>}
      </Space>
      <ReportViewer code={code} embedded initial={search} />
    </div>
  );
}
