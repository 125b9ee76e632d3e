import { Badge, Button, Empty, List, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { workflowDetailPath, type MenuItem, type WorkflowNotification } from '@wb/protocol';
import { leafHref } from '@/platform/menu/menu-routes';
import { fetchNotifications, readNotifications } from './api';
import { usePlantTime } from './use-plant-time';

const SHOWN = 8;

/** The top bar's approval messages, newest first: a click opens the approval (and marks it read); 我的待办 above them. */
export function BadgeMessages({ leaf, todo, onGo }: { leaf: MenuItem; todo: number; onGo(): void }) {
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
