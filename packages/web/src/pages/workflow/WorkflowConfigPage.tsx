import { useCallback, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Spin, Switch, Table, Tag } from 'antd';
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlowDetail, FlowStep, FlowSummary, FlowVersion, WorkflowDocType, WorkflowOptions } from '@wb/protocol';
import '@xyflow/react/dist/style.css';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { usePage } from '@/app/layout/page-context';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { fetchDocTypes, fetchFlow, fetchFlowVersion, fetchFlows, fetchOptions, saveFlow } from './api';
import { appendStep, chainGraph, freshStepKey, graphOf, layoutOfGraph, removeStep, stepOrder } from './flow-graph';
import { draftEdges, draftNodes, FlowEditor, graphOfDraft, type FlowDraft } from './FlowEditor';
import { StepPanel } from './StepPanel';
import { newStep, stepsProblem } from './step-rules';
import { usePlantTime } from './use-plant-time';
import './workflow.css';
import './i18n';

const docTypeName = (d: Pick<WorkflowDocType, 'name' | 'nameEn'>, english: boolean) => (english && d.nameEn ? d.nameEn : d.name);

/** 流程配置 (/workflow/config): per document type, its flow drawn and edited as a diagram; saving makes a new version. */
export default function WorkflowConfigPage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const docTypes = useQuery({ queryKey: ['workflow', 'doc-types'], queryFn: fetchDocTypes });
  const flows = useQuery({ queryKey: ['workflow', 'flows'], queryFn: fetchFlows });
  const options = useQuery({ queryKey: ['workflow', 'options'], queryFn: fetchOptions, staleTime: 60_000 });
  const [chosen, setChosen] = useState<string | null>(null);
  // 保存 is the leaf's 'update' button entry (server domain/workflow/module.ts): without it the flows are shown read-only
  const { buttonsOf } = usePermissions();
  const { page } = usePage();
  const canSave = page.menuId !== null && buttonsOf(page.menuId).some((b) => b.component === 'update');
  const types = docTypes.data ?? [];
  const current = types.find((d) => d.key === chosen) ?? types[0] ?? null;
  const summaries = new Map((flows.data ?? []).map((f) => [f.docType, f]));

  return (
    <div className="wb-workflow-config" data-testid="workflow-config">
      <Card size="small" title={t('workflow.config.docTypes')} className="wb-workflow-config-types" loading={docTypes.isLoading}>
        {types.map((d) => (
          <div
            key={d.key}
            className={`wb-workflow-type${d.key === current?.key ? ' is-chosen' : ''}`}
            onClick={() => setChosen(d.key)}
            data-testid={`doc-type-${d.key}`}
          >
            <strong>{docTypeName(d, english)}</strong>
            <FlowState summary={summaries.get(d.key)} />
          </div>
        ))}
        {!docTypes.isLoading && types.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Card>
      <div className="wb-workflow-config-main">
        {current ? <DocTypeFlow key={current.key} docType={current} options={options.data} canSave={canSave} /> : <Card><Empty description={t('workflow.config.chooseType')} /></Card>}
      </div>
    </div>
  );
}

function FlowState({ summary }: { summary: FlowSummary | undefined }) {
  const { t } = useTranslation();
  const c = summary?.current;
  if (!c) return <small>{t('workflow.config.noFlow')}</small>;
  return (
    <small>
      {t('workflow.config.version', { version: c.version })} · {t('workflow.config.steps', { count: c.stepCount })}
      {!c.enabled && <> · {t('workflow.config.disabled')}</>}
    </small>
  );
}

/** One document type: its flow (the current version, editable, or an older one shown read-only) and its versions. */
function DocTypeFlow({ docType, options, canSave }: { docType: WorkflowDocType; options: WorkflowOptions | undefined; canSave: boolean }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['workflow', 'flow', docType.key], queryFn: () => fetchFlow(docType.key) });
  const [viewing, setViewing] = useState<string | null>(null);
  const old = useQuery({ queryKey: ['workflow', 'version', viewing], queryFn: () => fetchFlowVersion(viewing!), enabled: viewing !== null });
  if (detail.isLoading || (viewing && old.isLoading)) return <Card><Spin /></Card>;
  if (!detail.data) return null;
  const shown = viewing ? (old.data ?? null) : detail.data.current;
  return (
    <>
      {viewing && shown && <Alert type="info" showIcon message={t('workflow.config.viewing', { version: shown.version })} />}
      <FlowForm key={`${viewing ? 'view' : 'edit'}-${shown?.id ?? 'new'}`} docType={docType} version={shown} readOnly={viewing !== null || !canSave} options={options} />
      <Versions detail={detail.data} viewing={viewing} onView={setViewing} />
    </>
  );
}

function Versions({ detail, viewing, onView }: { detail: FlowDetail; viewing: string | null; onView(id: string | null): void }) {
  const { t } = useTranslation();
  const plantTime = usePlantTime();
  const currentId = detail.current?.id ?? null;
  return (
    <Card size="small" title={t('workflow.config.versions')} data-testid="flow-versions">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={detail.versions}
        columns={[
          { title: t('workflow.config.versionNo'), dataIndex: 'version', render: (v: number, r) => <Space>{t('workflow.config.version', { version: v })}{r.id === currentId && <Tag color="blue">{t('workflow.config.current')}</Tag>}{!r.enabled && <Tag>{t('workflow.config.disabled')}</Tag>}</Space> },
          { title: t('workflow.config.createdAt'), dataIndex: 'createdAt', render: (v: string) => plantTime(v) },
          { title: t('workflow.config.createdBy'), dataIndex: 'createdByName' },
          { title: t('workflow.config.running'), dataIndex: 'runningCount' },
          {
            title: '', key: 'view', width: 90,
            render: (_, r) => (r.id === currentId
              ? <Button size="small" type="link" disabled={viewing === null} onClick={() => onView(null)}>{t('workflow.config.current')}</Button>
              : <Button size="small" type="link" disabled={viewing === r.id} onClick={() => onView(r.id)} data-testid={`flow-version-${r.version}`}>{t('workflow.config.view')}</Button>),
          },
        ]}
      />
    </Card>
  );
}

function initialDraft(version: FlowVersion | null): FlowDraft {
  const steps = version?.definition.steps ?? [];
  const graph = version ? graphOf(steps, version.layout) : chainGraph([]);
  return { nodes: draftNodes(graph), edges: draftEdges(graph), steps: Object.fromEntries(steps.map((s) => [s.key, s])) };
}

/** The flow's name, switch and drawing, with the chosen step's settings beside it; 保存 checks the drawing and saves a new version. */
function FlowForm({ docType, version, readOnly, options }: { docType: WorkflowDocType; version: FlowVersion | null; readOnly: boolean; options: WorkflowOptions | undefined }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FlowDraft>(() => initialDraft(version));
  const [selected, setSelected] = useState<string | null>(() => version?.definition.steps[0]?.key ?? null);
  const [name, setName] = useState(version?.name ?? `${docTypeName(docType, english)}${english ? ' approval' : '审批'}`);
  const [enabled, setEnabled] = useState(version?.enabled ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const onDraft = useCallback((update: (d: FlowDraft) => FlowDraft) => {
    setDraft(update);
    setProblem(null);
  }, []);

  const save = useMutation({
    mutationFn: saveFlow,
    onSuccess: (saved) => {
      feedback.success(t('workflow.config.saved', { version: saved.version }));
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    },
    onError: (err) => {
      if (err instanceof ApiError) setProblem(err.message);
      else throw err;
    },
  });

  const addStep = () => {
    const key = freshStepKey(Object.keys(draft.steps));
    const graph = appendStep(graphOfDraft(draft), key);
    const place = Object.keys(draft.steps).length + 1;
    // nodes already drawn keep xyflow's state (their measured size); end moves down under the new step
    const byId = new Map(draft.nodes.map((n) => [n.id, n]));
    const nodes = draftNodes(graph).map((n) => { const old = byId.get(n.id); return old ? { ...old, position: n.position } : n; });
    setDraft({ nodes, edges: draftEdges(graph), steps: { ...draft.steps, [key]: newStep(key, place, english) } });
    setSelected(key);
    setProblem(null);
  };

  const stepName = (key: string | null) => (key && draft.steps[key]?.name) || key || '';
  const submit = () => {
    if (!name.trim()) return setProblem(t('workflow.config.nameRequired'));
    const graph = graphOfDraft(draft);
    const order = stepOrder(graph);
    if (!order.ok) {
      const at = order.at === 'start' ? t('workflow.node.start') : stepName(order.at);
      return setProblem(t(`workflow.config.problems.${order.problem}`, { at }));
    }
    const steps = order.keys.map((key) => draft.steps[key]);
    const bad = stepsProblem(steps);
    if (bad) return setProblem(t(`workflow.config.problems.${bad.problem}`, { at: bad.at }));
    save.mutate({
      docType: docType.key,
      name: name.trim(),
      enabled,
      definition: { steps: steps.map(cleanStep) },
      layout: layoutOfGraph(graph),
    });
  };

  const step = selected ? draft.steps[selected] : undefined;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Input value={name} maxLength={60} disabled={readOnly} onChange={(e) => setName(e.target.value)} placeholder={t('workflow.config.name')} style={{ width: 260 }} data-testid="flow-name" />
          <Switch checked={enabled} disabled={readOnly} onChange={setEnabled} checkedChildren={t('workflow.config.enabled')} unCheckedChildren={t('workflow.config.disabled')} data-testid="flow-enabled" />
        </Space>
      }
      extra={!readOnly && (
        <Space>
          <Button icon={<PlusOutlined />} onClick={addStep} data-testid="flow-add-step">{t('workflow.config.addStep')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit} data-testid="flow-save">{t('workflow.config.save')}</Button>
        </Space>
      )}
    >
      {!readOnly && <Alert type="info" message={t('workflow.config.hint')} style={{ marginBottom: 12 }} />}
      <div className="wb-workflow-config-editor">
        <FlowEditor draft={draft} options={options} readOnly={readOnly} selected={selected} onDraft={onDraft} onSelect={setSelected} />
        {!step && <Card size="small" title={t('workflow.step.title')} className="wb-workflow-step-panel"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.step.choose')} /></Card>}
        {step && (
          <StepPanel
            key={step.key}
            step={step}
            fields={docType.fields}
            options={options}
            readOnly={readOnly}
            onChange={(next: FlowStep) => onDraft((d) => ({ ...d, steps: { ...d.steps, [next.key]: next } }))}
            onRemove={() => {
              onDraft((d) => withoutStep(d, step.key));
              setSelected(null);
            }}
          />
        )}
      </div>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} data-testid="flow-problem" />}
    </Card>
  );
}

/** 删除步骤: the step goes, and what came before it now leads to what came after it. */
function withoutStep(d: FlowDraft, key: string): FlowDraft {
  const graph = removeStep(graphOfDraft(d), key);
  const steps = Object.fromEntries(Object.entries(d.steps).filter(([k]) => k !== key));
  return { nodes: d.nodes.filter((n) => n.id !== key), edges: draftEdges(graph), steps };
}

/** What the save call takes of a step: an empty English name is none. */
function cleanStep(s: FlowStep): FlowStep {
  return { ...s, name: s.name.trim(), nameEn: s.nameEn?.trim() || null };
}
