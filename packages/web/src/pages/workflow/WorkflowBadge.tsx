import { useState } from 'react';
import { Badge, Button, Popover, Spin, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_COMPONENTS, type MenuItem } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { flattenLeaves } from '@/platform/menu/menu-routes';
import { useWorkflowCounts, useWorkflowStream } from './counts';
import './i18n';

// the messages' list (antd List, Typography) loads when the button is first opened, not with the shell
const messagesCode = moduleLoader(() => import('./BadgeMessages'));

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
  const code = useModule(messagesCode, open, () => setOpen(false));
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
      content={open && (code ? <code.BadgeMessages leaf={leaf} todo={todo} onGo={() => setOpen(false)} /> : <Spin size="small" />)}
    >
      <Tooltip title={open ? null : title} placement="bottom">
        <Button type="text" className="wb-header-btn" aria-label={title} data-testid="workflow-badge"
          icon={<Badge count={todo || undefined} dot={todo === 0 && Boolean(counts?.unread)} size="small" offset={[4, -2]} data-testid="workflow-badge-count" data-count={todo}><AuditOutlined /></Badge>}
        />
      </Tooltip>
    </Popover>
  );
}
