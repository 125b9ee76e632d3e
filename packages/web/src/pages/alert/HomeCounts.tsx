import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { AlertOutlined, ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALERT_PATHS, ALERT_SEVERITIES, type AlertSeverity, type MenuItem } from '@wb/protocol';
import { flattenLeaves, leafHref } from '@/platform/menu/menu-routes';
import { fetchAlertCounts } from './api';
import './i18n';

const REFRESH_MS = 60_000;
const ICONS: Record<AlertSeverity, React.ReactNode> = { HIGH: <AlertOutlined />, MEDIUM: <ExclamationCircleOutlined />, LOW: <InfoCircleOutlined /> };
const COLORS: Record<AlertSeverity, string> = { HIGH: '#cf1322', MEDIUM: '#d46b08', LOW: '#1677ff' };

/**
 * 首页's alert figures: the company's alerts not closed, by severity, for those whose menu has
 * 预警中心; a card opens the list filtered to that severity.
 */
export function AlertHomeCounts({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leaf = flattenLeaves(menu).find((l) => l.path === ALERT_PATHS.list) ?? null;
  const { data } = useQuery({ queryKey: ['alert', 'counts'], queryFn: fetchAlertCounts, refetchInterval: REFRESH_MS, enabled: !!leaf });
  if (!leaf) return null;
  const href = leafHref(leaf);
  const open = (severity: AlertSeverity) => navigate(`${href}${href.includes('?') ? '&' : '?'}status=ACTIVE&severity=${severity}`);
  return (
    <Row gutter={[16, 16]} className="wb-home-counts" data-testid="alert-home">
      {ALERT_SEVERITIES.map((s) => (
        <Col key={s} xs={8} xl={6}>
          <Tooltip title={t('alert.home.hint')}>
            <Card variant="borderless" className="wb-home-count" style={{ cursor: 'pointer' }} onClick={() => open(s)} data-testid={`alert-count-${s}`}>
              <span className="wb-home-count-icon" style={{ color: data?.[s] ? COLORS[s] : '#8c8c8c' }}>{ICONS[s]}</span>
              <Statistic title={t(`alert.home.${s}`)} value={data?.[s] ?? '-'} valueStyle={{ color: data?.[s] ? COLORS[s] : '#8c8c8c' }} />
            </Card>
          </Tooltip>
        </Col>
      ))}
    </Row>
  );
}
