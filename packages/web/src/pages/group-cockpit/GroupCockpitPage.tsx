import { useMemo } from 'react';
import { Alert, Button, Card, Col, Row, Space, Table, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { GROUP_COCKPIT_KINDS, WEIGH_KIND_NAMES, type GroupCockpit, type GroupCockpitPlant } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { useEChart } from '@/platform/charts/useEChart';
import { useDisplay } from '@/platform/display';
import { useEnglish } from '@/i18n/useEnglish';
import { useNav } from '@/app/hooks/useNav';
import { useSession } from '@/app/session/session-store';
import { switchCompany } from '@/app/session/session-actions';
import { goTo } from '@/app/navigation';
import { HOME_PATH } from '@/app/session/tabs';
import { findEntry } from '@/platform/menu/menu-routes';
import { plantClockText } from '@/platform/plant-time';
import { moneyChartOptions, plantName, stockChartOptions, tonsChartOptions, tonsTotal } from './cockpit-charts';
import { useCockpitTexts } from './texts';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** How often the page reads the figures again (the cockpit has no change stream of its own). */
export const COCKPIT_REFRESH_MS = 10_000;

/** Where a plant's click leads once it is the current company: its first ticket list the user holds, else its daily report. */
const PLANT_LISTS = ['/weigh/pu', '/weigh/sa', '/weigh/al', '/weigh/tr', '/reportforms/daily'];

const fetchCockpit = () => call<GroupCockpit>('/group/cockpit');

/**
 * 集团驾驶舱: every plant of the group side by side (a table of their figures and two bar charts),
 * read again every 10 s; a plant's 进入 switches the current company to it and opens its list.
 */
export default function GroupCockpitPage() {
  const tx = useCockpitTexts();
  const english = useEnglish();
  const display = useDisplay();
  const nav = useNav();
  const currentOrg = useSession((s) => s.userInfo?.currentOrg ?? null);
  const { data, error, dataUpdatedAt } = useQuery({ queryKey: ['group-cockpit'], queryFn: fetchCockpit, refetchInterval: COCKPIT_REFRESH_MS });
  const tonsBox = useEChart(useMemo(() => (data ? tonsChartOptions(data, english, display) : null), [data, english, display]));
  const moneyBox = useEChart(useMemo(() => (data ? moneyChartOptions(data, tx, english, display) : null), [data, tx, english, display]));
  const stockBox = useEChart(useMemo(() => (data ? stockChartOptions(data, english, display) : null), [data, english, display]));
  const target = useMemo(() => PLANT_LISTS.find((p) => findEntry(nav.index, p)) ?? HOME_PATH, [nav.index]);

  const openPlant = async (plant: GroupCockpitPlant) => {
    if (plant.orgId !== currentOrg) {
      try {
        await switchCompany(plant.orgId);
      } catch {
        return; // the call's failure is shown by the client
      }
    }
    goTo(target);
  };

  const yuan = (cents: number) => display.money(cents / 100);
  const tons = (t: GroupCockpitPlant['today']) => (
    <Tooltip title={GROUP_COCKPIT_KINDS.map((k) => `${english ? WEIGH_KIND_NAMES[k].en : WEIGH_KIND_NAMES[k].zh} ${display.weight(t[k])}`).join(' / ')}>
      <span>{display.weight(tonsTotal(t))}</span>
    </Tooltip>
  );
  const columns = [
    {
      key: 'plant', title: tx.plant,
      render: (_: unknown, p: GroupCockpitPlant) => (
        <Space>
          <span>{plantName(p, english)}</span>
          {p.orgId === currentOrg && <Tag color="blue">{tx.current}</Tag>}
        </Space>
      ),
    },
    { key: 'inPlant', title: tx.inPlant, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => <span data-testid="cockpit-in-plant">{p.inPlant}</span> },
    { key: 'today', title: tx.today, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => tons(p.today) },
    { key: 'month', title: tx.month, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => tons(p.month) },
    {
      key: 'stock', title: tx.stock, align: 'right' as const,
      render: (_: unknown, p: GroupCockpitPlant) => (
        <Tooltip title={p.stockByClass.map((c) => `${c.className} ${display.weight(c.tons)}`).join(' / ') || null}>
          <span>{display.weight(p.stockTons)}</span>
        </Tooltip>
      ),
    },
    { key: 'receipts', title: tx.receipts, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => yuan(p.receiptsCents) },
    { key: 'consumed', title: tx.consumed, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => yuan(p.consumedCents) },
    { key: 'unsettled', title: tx.unsettled, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => yuan(p.unsettledCents) },
    { key: 'interventions', title: tx.interventions, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => p.openInterventions },
    { key: 'approvals', title: tx.approvals, align: 'right' as const, render: (_: unknown, p: GroupCockpitPlant) => p.openApprovals },
    {
      key: 'open', title: '',
      render: (_: unknown, p: GroupCockpitPlant) => (
        <Tooltip title={p.member ? null : tx.notMember}>
          <Button size="small" type="link" disabled={!p.member} onClick={() => void openPlant(p)} data-testid={`cockpit-open-${p.orgCode}`}>{tx.open}</Button>
        </Tooltip>
      ),
    },
  ];

  return (
    <div className="wb-group-cockpit" data-testid="group-cockpit" data-updated={dataUpdatedAt}>
      <Card
        title={tx.title}
        extra={data && <span>{`${tx.day} ${data.day}　${tx.updated} ${plantClockText(dataUpdatedAt)}`}</span>}
      >
        {error && <Alert type="error" showIcon message={tx.failed} style={{ marginBottom: 12 }} />}
        <Table<GroupCockpitPlant>
          size="small"
          rowKey="orgId"
          pagination={false}
          loading={!data && !error}
          dataSource={data?.plants ?? []}
          columns={columns}
          onRow={(p) => ({ 'data-testid': `cockpit-plant-${p.orgCode}` }) as React.HTMLAttributes<HTMLElement>}
        />
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={12}>
            <Card size="small" title={tx.tonsChart}>
              <div ref={tonsBox} style={{ height: 280 }} data-testid="cockpit-tons-chart" data-plants={data?.plants.length ?? 0} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={tx.moneyChart}>
              <div ref={moneyBox} style={{ height: 280 }} data-testid="cockpit-money-chart" data-plants={data?.plants.length ?? 0} />
            </Card>
          </Col>
          <Col xs={24} lg={12} style={{ marginTop: 16 }}>
            <Card size="small" title={tx.stockChart}>
              <div
                ref={stockBox} style={{ height: 280 }} data-testid="cockpit-stock-chart" data-plants={data?.plants.length ?? 0}
                data-classes={new Set(data?.plants.flatMap((p) => p.stockByClass.map((c) => c.classId)) ?? []).size}
              />
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
