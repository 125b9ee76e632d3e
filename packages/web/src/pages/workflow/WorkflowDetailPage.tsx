import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INSTANCE_STATUS_NAMES, WORKFLOW_ACTION_NAMES, type InstanceDetail, type InstanceStatus, type WorkflowAction } from '@wb/protocol';
import '@xyflow/react/dist/style.css';
import { usePage } from '@/app/layout/page-context';
import { useSession } from '@/app/session/session-store';
import { useNav } from '@/app/hooks/useNav';
import { findEntry } from '@/platform/menu/menu-routes';
import { useEnglish } from '@/i18n/useEnglish';
import { fetchInstance, type DecisionKind } from './api';
import { DecisionDialog } from './DecisionDialog';
import { FlowView } from './FlowView';
import { usePlantTime } from './use-plant-time';
import './workflow.css';
import './i18n';

export const STATUS_COLORS: Record<InstanceStatus, string> = { running: 'processing', approved: 'success', rejected: 'error', revoked: 'default' };
const ACTION_COLORS: Partial<Record<WorkflowAction, string>> = { approve: 'green', finish: 'green', reject: 'red', revoke: 'gray', skip: 'gray', initiate: 'blue' };
const DECISIONS: DecisionKind[] = ['approve', 'reject', 'transfer', 'addSigner', 'cc', 'revoke'];

/** The instance's id: the last segment of /activti/detail/{id}. */
export const instanceIdOf = (path: string) => decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');

/**
 * 审批详情 (/activti/detail/:id): the document as a read-only form, the approval's history with who,
 * when and what they said, the flow drawn with the step waiting now lit, and the decisions the
 * caller may take now.
 */
export default function WorkflowDetailPage() {
  const { t } = useTranslation();
  const { path } = usePage();
  const id = instanceIdOf(path);
  const detail = useQuery({ queryKey: ['workflow', 'instance', id], queryFn: () => fetchInstance(id), retry: false });
  const selfId = useSession((s) => s.userInfo?.user.id ?? null);
  const [dialog, setDialog] = useState<DecisionKind | null>(null);

  if (detail.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!detail.data) return <Result status="404" title={t('workflow.detail.missing')} />;
  const instance = detail.data;
  const allowed = DECISIONS.filter((k) => instance.can[k]);
  return (
    <div className="wb-workflow-detail" data-testid="workflow-detail">
      <Summary instance={instance} actions={
        <Space wrap className="wb-workflow-detail-actions">
          {allowed.map((k) => (
            <Button key={k} type={k === 'approve' ? 'primary' : 'default'} danger={k === 'reject'} onClick={() => setDialog(k)} data-testid={`decide-${k}`}>
              {t(`workflow.actions.${k}`)}
            </Button>
          ))}
        </Space>
      } />
      <div className="wb-workflow-detail-row">
        <Card size="small" title={t('workflow.detail.flow')}>
          <FlowView instance={instance} />
        </Card>
        <Card size="small" title={t('workflow.detail.timeline')}>
          <History instance={instance} />
        </Card>
      </div>
      <Card size="small" title={t('workflow.detail.document')}>
        <DocumentFields instance={instance} />
      </Card>
      {dialog && (
        <DecisionDialog kind={dialog} instanceId={instance.id} selfId={selfId} onClose={() => setDialog(null)} onDone={() => { setDialog(null); void detail.refetch(); }} />
      )}
    </div>
  );
}

function Summary({ instance, actions }: { instance: InstanceDetail; actions: React.ReactNode }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const navigate = useNavigate();
  const plantTime = usePlantTime();
  const nav = useNav();
  // the document's list, for those whose menu has it
  const documentPath = instance.menuPath && findEntry(nav.index, instance.menuPath) ? instance.menuPath : null;
  const status = INSTANCE_STATUS_NAMES[instance.status];
  const step = instance.currentStep;
  return (
    <Card
      size="small"
      title={<Space><span data-testid="detail-title">{instance.title}</span><Tag color={STATUS_COLORS[instance.status]} data-testid="detail-status">{english ? status.en : status.zh}</Tag></Space>}
      extra={documentPath && <Button type="link" onClick={() => navigate(documentPath)}>{t('workflow.detail.openDocument')}</Button>}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={[
        { key: 'type', label: t('workflow.todo.docType'), children: english ? instance.docTypeNameEn : instance.docTypeName },
        { key: 'no', label: t('workflow.todo.docNo'), children: instance.docNo ?? '' },
        { key: 'initiator', label: t('workflow.detail.initiator'), children: instance.initiator.name },
        { key: 'started', label: t('workflow.detail.startedAt'), children: plantTime(instance.startedAt) },
        { key: 'step', label: t('workflow.detail.currentStep'), children: step ? ((english && step.nameEn) || step.name) : '' },
        { key: 'finished', label: t('workflow.detail.finishedAt'), children: plantTime(instance.finishedAt) },
        { key: 'version', label: t('workflow.detail.flowVersion'), children: `${instance.flow.name} · ${t('workflow.config.version', { version: instance.flowVersion })}` },
      ]} />
      {actions}
    </Card>
  );
}

function History({ instance }: { instance: InstanceDetail }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const plantTime = usePlantTime();
  if (instance.timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="detail-timeline"
      items={instance.timeline.map((e) => {
        const name = WORKFLOW_ACTION_NAMES[e.action];
        return {
          key: e.id,
          color: ACTION_COLORS[e.action] ?? 'blue',
          children: (
            <div data-testid={`timeline-${e.action}`}>
              <Space size={6} wrap>
                <strong>{english ? name.en : name.zh}</strong>
                {e.user && <span>{e.user.name}</span>}
                {e.stepName && <Tag>{e.stepName}</Tag>}
                <span className="wb-muted">{plantTime(e.at)}</span>
              </Space>
              {e.targets.length > 0 && <div className="wb-muted">{t('workflow.detail.targets')}: {e.targets.map((u) => u.name).join('、')}</div>}
              {e.comment && <div>{e.comment}</div>}
            </div>
          ),
        };
      })}
    />
  );
}

/** The document's fields as the server sends them, read-only (their shown text when the server gives one). */
function DocumentFields({ instance }: { instance: InstanceDetail }) {
  const english = useEnglish();
  const plantTime = usePlantTime();
  if (instance.document.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      data-testid="detail-document"
      items={instance.document.map((f) => ({
        key: f.key,
        label: english && f.nameEn ? f.nameEn : f.name,
        children: f.display ?? (f.type === 'date' ? plantTime(f.value) : f.value === null ? '' : String(f.value)),
      }))}
    />
  );
}
