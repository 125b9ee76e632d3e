import { useState } from 'react';
import { Alert, Button, Space, Table } from 'antd';
import { DownloadOutlined, LeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { WEIGH_KIND_NAMES } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { exportTeamReport, fetchTeamReport, searchToQuery } from './api';
import { ReportFrame } from './ReportFrame';
import { useDisplay, withUnit } from '@/platform/display';
import { reportLines, type ReportLine } from './report-lines';
import { fill, useReportTexts } from './texts';

/**
 * 班组报表 (/Information/index) and 班组日报 (/dayInformation/index): completed trips and net by
 * team, kind, material and counterparty for the conditions in the address, with export.
 */
export default function TeamReportPage({ daily }: { daily: boolean }) {
  const tx = useReportTexts();
  const english = useEnglish();
  const display = useDisplay();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [search] = useSearchParams();
  const query = searchToQuery(search);
  const [exporting, setExporting] = useState(false);
  const report = useQuery({ queryKey: ['team-report', query], queryFn: () => fetchTeamReport(query!), enabled: query !== null });

  const teamName = (seq: number) => {
    const t = report.data?.teams.find((x) => x.seq === seq);
    return t ? `${english && t.nameEn ? t.nameEn : t.name}` : String(seq);
  };
  const lines = report.data ? reportLines(report.data, teamName) : [];
  const doExport = async () => {
    setExporting(true);
    try {
      await exportTeamReport(query!);
    } finally {
      setExporting(false);
    }
  };
  const period = query ? (query.from === query.to ? query.from : fill(tx.period, { from: query.from, to: query.to })) : '';

  const extra = (
    <Space>
      <Button icon={<LeftOutlined />} onClick={() => navigate(daily ? '/dayConditional/index' : '/conditional/index')}>{tx.back}</Button>
      {can('report_team_export') && (
        <Button type="primary" icon={<DownloadOutlined />} loading={exporting} disabled={!report.data} onClick={() => void doExport()} data-testid="report-export">
          {tx.exportExcel}
        </Button>
      )}
    </Space>
  );

  return (
    <ReportFrame title={daily ? tx.dayReport : tx.teamReport} extra={extra} testId={daily ? 'day-report' : 'team-report'}>
      <div className="wb-report-card">
        {!query && <Alert type="warning" title={daily ? tx.chooseDay : tx.chooseDates} showIcon />}
        {report.data && (
          <div className="wb-report-summary">
            <span>{period}</span>
            {report.data.teams.map((t) => (
              <span key={t.seq}>{`${teamName(t.seq)} ${fill(tx.teamHours, { start: t.start, end: t.end })}`}</span>
            ))}
          </div>
        )}
        <Table<ReportLine>
          className="wb-report-table"
          rowKey="key"
          size="middle"
          bordered
          loading={report.isFetching}
          pagination={false}
          dataSource={lines}
          locale={{ emptyText: tx.empty }}
          rowClassName={(l) => (l.type === 'subtotal' ? 'wb-report-subtotal' : l.type === 'total' ? 'wb-report-total' : '')}
          columns={[
            { title: tx.columns.team, dataIndex: 'team', width: 140,
              render: (_, l) => (l.type === 'subtotal' ? fill(tx.subtotal, { team: l.team }) : l.type === 'total' ? tx.total : l.team) },
            { title: tx.columns.kind, dataIndex: 'kind', width: 110,
              render: (k: string | null) => (k ? WEIGH_KIND_NAMES[k as keyof typeof WEIGH_KIND_NAMES]?.[english ? 'en' : 'zh'] ?? k : '') },
            { title: tx.columns.material, dataIndex: 'material' },
            { title: tx.columns.counterparty, dataIndex: 'counterparty' },
            { title: tx.columns.trips, dataIndex: 'trips', width: 100, className: 'wb-num' },
            { title: withUnit(tx.columns.net, display), dataIndex: 'net', width: 160, className: 'wb-num', render: (n: string) => display.weight(n) },
          ]}
        />
      </div>
    </ReportFrame>
  );
}
