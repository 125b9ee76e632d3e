import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Space, Tooltip, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_COMPONENTS, workflowDetailPath, type MenuItem, type WorkflowNotification } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { flattenLeaves, leafHref } from '@/platform/menu/menu-routes';
import { fetchNotifications, readNotifications } from './api';
import { useWorkflowCounts, useWorkflowStream } from './counts';
import { usePlantTime } from './use-plant-time';
import './i18n';

const SHOWN = 8;

/** The leaf of 我的待办 in the user's menu, when they have it. */
export function todoLeaf(menu: readonly MenuItem[]): MenuItem | null {
  return flattenLeaves(menu).find((l) => l.component === WORKFLOW_COMPONENTS.todo) ?? null;
}

/**
 * The top bar's approvals button: the number of tasks waiting for the caller (a dot when only
 * messages are unread), kept live by the server's stream. It opens the latest messages (a task,
 * a decision on what the caller submitted, a copy) and 我的待办. Shown to those whose menu has 我的待办.
 */
export function WorkflowBadge({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const leaf = todoLeaf(menu);
  useWorkflowStream(leaf ? orgId : null);
  const counts = useWorkflowCounts((s) => s.counts);
  const [open, setOpen] = useState(false);
  if (!leaf) return null;
  const title = t('workflow.badge');
  const todo = counts?.todo ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('workflow.notices.title')}
      content={open && <Messages leaf={leaf} todo={todo} onGo={() => setOpen(false)} />}
    >
      <Tooltip title={open ? null : title} placement="bottom">
        <Button type="text" className="wb-header-btn" aria-label={title} data-testid="workflow-badge"
          icon={<Badge count={todo || undefined} dot={todo === 0 && Boolean(counts?.unread)} size="small" offset={[4, -2]} data-testid="workflow-badge-count" data-count={todo}><AuditOutlined /></Badge>}
        />
      </Tooltip>
    </Popover>
  );
}

function Messages({ leaf, todo, onGo }: { leaf: MenuItem; todo: number; onGo(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plantTime = usePlantTime();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['workflow', 'notifications'], queryFn: () => fetchNotifications({ page: 1, limit: SHOWN }) });
  const go = (to: string) => {
    onGo();
    navigate(to);
  };
  const openOne = (n: WorkflowNotification) => {
    if (!n.read) void readNotifications({ ids: [n.id] }).then(() => queryClient.invalidateQueries({ queryKey: ['workflow', 'notifications'] }));
    go(workflowDetailPath(n.instanceId));
  };
  const readAll = async () => {
    await readNotifications({ all: true });
    void queryClient.invalidateQueries({ queryKey: ['workflow', 'notifications'] });
  };
  return (
    <div style={{ width: 340 }} data-testid="workflow-messages">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Button type="primary" size="small" onClick={() => go(leafHref(leaf))} data-testid="workflow-open-todo">{t('workflow.notices.todo', { count: todo })}</Button>
        <Button type="link" size="small" onClick={() => void readAll()}>{t('workflow.notices.readAll')}</Button>
      </Space>
      <List
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.notices.none')} /> }}
        renderItem={(n) => (
          <List.Item style={{ cursor: 'pointer', paddingInline: 4 }} onClick={() => openOne(n)}>
            <List.Item.Meta
              title={<Typography.Text strong={!n.read} ellipsis>{!n.read && <Badge status="processing" />} {n.title}</Typography.Text>}
              description={<><Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>{n.body}</Typography.Text><small className="wb-muted">{plantTime(n.createdAt)}</small></>}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
