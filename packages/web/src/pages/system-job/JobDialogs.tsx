import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { create } from 'zustand';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { apiPath } from '@/platform/templates/api';
import { formatDate } from '@/platform/templates/list/cell-value';
import { call, ApiError } from '@/platform/api/http';

/**
 * 系统管理 → 定时任务's two dialogs (server domain/system/job): 修改计划 (page:cron) changes the
 * selected job's cron, 运行记录 (page:runs) shows its latest runs. The list and its other buttons
 * (启动, 停止, 立即执行, 删除) are the template list's own.
 */
type Row = Record<string, unknown>;
const useJobDialog = create<{ kind: 'cron' | 'runs' | null; ctx: PageActionContext | null; show(kind: 'cron' | 'runs', ctx: PageActionContext): void; close(): void }>()((set) => ({
  kind: null, ctx: null, show: (kind, ctx) => set({ kind, ctx }), close: () => set({ kind: null, ctx: null }),
}));
const one = (kind: 'cron' | 'runs') => (ctx: PageActionContext) => {
  if (ctx.selectedRows.length !== 1) {
    Modal.warning({ title: '请选择一条任务 Select one job' });
    return;
  }
  useJobDialog.getState().show(kind, ctx);
};
registerPageActions('system-job', { cron: one('cron'), runs: one('runs') });

const RESULT: Record<string, [string, string]> = { ok: ['成功 OK', 'green'], failed: ['失败 Failed', 'red'], running: ['运行中 Running', 'blue'] };

function CronDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const row = ctx.selectedRows[0];
  const [cron, setCron] = useState(String(row.cron ?? ''));
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await call(`${apiPath(ctx.base)}/update/${encodeURIComponent(String(row.id))}`, { method: 'PUT', body: { cron }, quiet: true });
      onClose();
      ctx.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Modal open title={`修改执行计划 Schedule: ${String(row.name ?? '')}`} onCancel={onClose} onOk={() => void save()} okText="保存 Save" destroyOnHidden>
      <Form layout="vertical">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="job-cron-error" />}
        <Form.Item label="cron（分 时 日 月 周，或秒在前共 6 段）" extra={`默认 Default: ${String(row.defaultCron ?? '')}`} required>
          <Input value={cron} maxLength={200} onChange={(e) => setCron(e.target.value)} data-testid="job-cron" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RunsDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const row = ctx.selectedRows[0];
  const [runs, setRuns] = useState<Row[] | null>(null);
  useEffect(() => {
    void call<{ list: Row[] } | null>(`${apiPath(ctx.base)}/run/v2/list`, {
      method: 'POST', body: { search: [{ key: 'jobKey', op: 'eq', val: row.jobKey }], limit: { pn: 1, ps: 20 } },
    }).then((r) => setRuns(r?.list ?? [])).catch(() => setRuns([]));
  }, [ctx.base, row.jobKey]);
  return (
    <Modal open width={900} title={`运行记录 Runs: ${String(row.name ?? '')}`} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">最近 20 次；全部记录见 系统管理 → 任务运行记录 (the latest 20; all in Job runs)</Typography.Paragraph>
      <Table<Row>
        size="small" rowKey={(r) => String(r.id)} loading={runs === null} dataSource={runs ?? []} pagination={false} data-testid="job-runs"
        columns={[
          { title: '开始时间 Started', dataIndex: 'startedAt', width: 170, render: (v: unknown) => formatDate(v) },
          { title: '耗时(ms) Duration', dataIndex: 'durationMs', width: 100 },
          { title: '结果 Result', dataIndex: 'result', width: 100, render: (v: string) => <Tag color={RESULT[v]?.[1]}>{RESULT[v]?.[0] ?? v}</Tag> },
          { title: '尝试 Try', dataIndex: 'attempt', width: 60 },
          { title: '摘要 / 错误 Summary / error', render: (_: unknown, r: Row) => String(r.error ?? r.summary ?? '') },
        ]}
      />
    </Modal>
  );
}

export function JobDialogHost() {
  const { kind, ctx, close } = useJobDialog();
  if (!ctx || !kind) return null;
  return kind === 'cron' ? <CronDialog ctx={ctx} onClose={close} /> : <RunsDialog ctx={ctx} onClose={close} />;
}
