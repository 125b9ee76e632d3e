import { Badge, Card } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/platform/api/http';
import { AnnouncementBoard } from '@/platform/templates/widgets/announcement/AnnouncementBoard';
import { toBoardEntries, unreadCount, type BoardEntry } from '@/platform/templates/widgets/announcement/board-entries';

const REFRESH_MS = 5 * 60_000;
type BoardReply = { list: Record<string, unknown>[] };

/** 公告栏: the current announcements of the user's roles; opening one marks it read. */
export function AnnouncementCard({ orgId }: { orgId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['announcement-board', orgId];
  const { data } = useQuery({ queryKey: key, queryFn: () => call<BoardReply>('/system/announcement/board'), refetchInterval: REFRESH_MS,
    // read again whenever the home page is shown again: an announcement published meanwhile is on it
    staleTime: 0 });
  const rows = data?.list ?? [];
  const unread = unreadCount(toBoardEntries(rows));
  const open = async (entry: BoardEntry) => {
    if (entry.read !== false) return;
    await call('/system/announcement/read/' + entry.id, { method: 'POST', quiet: true }).catch(() => undefined);
    client.setQueryData<BoardReply>(key, (old) => old && { list: old.list.map((r) => (String(r.id) === entry.id ? { ...r, read: true } : r)) });
  };
  return (
    <Card
      title={<span><NotificationOutlined /> {t('announcement.board')}</span>}
      extra={unread > 0 ? <span data-testid="announcement-unread"><Badge count={unread} title={t('announcement.unread', { count: unread })} /></span> : null}
      variant="borderless"
      className="wb-home-card"
      data-testid="home-announcements"
    >
      <AnnouncementBoard rows={rows} onOpen={(e) => void open(e)} />
    </Card>
  );
}
