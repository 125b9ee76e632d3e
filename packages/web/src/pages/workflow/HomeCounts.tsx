import { Card, Col, Row, Statistic } from 'antd';
import { AuditOutlined, CheckCircleOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@wb/protocol';
import { leafHref } from '@/platform/menu/menu-routes';
import { useWorkflowCounts } from './counts';
import { todoLeaf } from './WorkflowBadge';
import './i18n';

/**
 * 首页's approval figures: waiting for me, decided by me, started by me, copied to me (unread beside),
 * as the top bar's stream keeps them; a card opens 我的待办 on its tab.
 */
export function WorkflowHomeCounts({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useWorkflowCounts((s) => s.counts);
  const leaf = todoLeaf(menu);
  if (!leaf) return null;
  const href = leafHref(leaf);
  const open = (tab: string) => navigate(`${href}${href.includes('?') ? '&' : '?'}tab=${tab}`);
  const cards = [
    { key: 'todo', value: counts?.todo, icon: <AuditOutlined />, color: counts?.todo ? '#d4380d' : '#8c8c8c' },
    { key: 'done', value: counts?.done, icon: <CheckCircleOutlined />, color: '#389e0d' },
    { key: 'mine', value: counts?.mine, icon: <SendOutlined />, color: '#3c5fbd' },
    { key: 'cc', value: counts?.cc, icon: <MailOutlined />, color: '#13a8a8', suffix: counts?.ccUnread ? ` / ${counts.ccUnread}` : '' },
  ];
  return (
    <Row gutter={[16, 16]} className="wb-home-counts wb-workflow-home" data-testid="workflow-home">
      {cards.map((c) => (
        <Col key={c.key} xs={12} xl={6}>
          <Card variant="borderless" className="wb-home-count wb-workflow-home-card" onClick={() => open(c.key)} data-testid={`workflow-count-${c.key}`}>
            <span className="wb-home-count-icon" style={{ color: c.color }}>{c.icon}</span>
            <Statistic title={t(`workflow.home.${c.key}`)} value={c.value ?? '-'} suffix={c.suffix} valueStyle={{ color: c.color }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
