import { useState } from 'react';
import { Badge, Empty, Tag } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { levelColor, toBoardEntries, type BoardEntry } from './board-entries';
import './announcement.css';

interface Props {
  /** rows as the board call or the list engine answers them */
  rows: readonly Record<string, unknown>[];
  /** the home page marks an announcement read when it is opened; the list's preview does not */
  onOpen?(entry: BoardEntry): void;
  /** shown in the Announcement table mode above the table: how the page's rows will stand on the board */
  preview?: boolean;
}

/**
 * The announcement board (公告栏): pinned first as the server orders them, the level's colour, an
 * unread dot, and the text opened in place. One component for the home page and the list screen's
 * Announcement table mode, so the administrator sees what the users will see.
 */
export function AnnouncementBoard({ rows, onOpen, preview = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const entries = toBoardEntries(rows);
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('announcement.empty')} />;
  return (
    <ul className="wb-board" data-testid={preview ? 'announcement-preview' : 'announcement-board'}>
      {entries.map((e) => (
        <li key={e.id} className={`wb-board-entry${e.read === false ? ' wb-board-unread' : ''}`} data-testid={`announcement-${e.id}`} data-read={e.read === undefined ? undefined : String(e.read)}>
          <button
            type="button"
            className="wb-board-head"
            aria-expanded={open === e.id}
            onClick={() => {
              setOpen(open === e.id ? null : e.id);
              if (open !== e.id) onOpen?.(e);
            }}
          >
            {e.read === false && <Badge status="processing" className="wb-board-dot" />}
            {e.pinned && <PushpinFilled className="wb-board-pin" title={t('announcement.pinned')} />}
            {e.level && <Tag color={levelColor(e.level)}>{t(`announcement.level.${e.level}`, { defaultValue: e.level })}</Tag>}
            <strong className="wb-board-title">{e.title}</strong>
            <small className="wb-muted">{e.publisher} · {e.publishFrom}</small>
          </button>
          {(open === e.id || preview) && (
            <div className="wb-board-body">
              <p>{e.body}</p>
              <small className="wb-muted">{t('announcement.window', { from: e.publishFrom, to: e.publishTo })}</small>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
