import { Badge, Button, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_COMPONENTS, type MenuItem } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { flattenLeaves, leafHref } from '@/platform/menu/menu-routes';
import { useWorkflowCounts, useWorkflowStream } from './counts';
import './i18n';

/** The leaf of 我的待办 in the user's menu, when they have it. */
export function todoLeaf(menu: readonly MenuItem[]): MenuItem | null {
  return flattenLeaves(menu).find((l) => l.component === WORKFLOW_COMPONENTS.todo) ?? null;
}

/**
 * The top bar's approvals button: the number of tasks waiting for the caller, kept live by the
 * server's stream; a click opens 我的待办. Shown to those whose menu has 我的待办.
 */
export function WorkflowBadge({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const leaf = todoLeaf(menu);
  useWorkflowStream(leaf ? orgId : null);
  const counts = useWorkflowCounts((s) => s.counts);
  if (!leaf) return null;
  const title = t('workflow.badge');
  return (
    <Tooltip title={title} placement="bottom">
      <Button type="text" className="wb-header-btn" aria-label={title} data-testid="workflow-badge" onClick={() => navigate(leafHref(leaf))}
        icon={<Badge count={counts?.todo ?? 0} size="small" offset={[4, -2]} data-testid="workflow-badge-count" data-count={counts?.todo ?? 0}><AuditOutlined /></Badge>}
      />
    </Tooltip>
  );
}
