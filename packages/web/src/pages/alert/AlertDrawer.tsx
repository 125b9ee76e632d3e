import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Empty, Image, Input, List, Modal, Radio, Select, Space, Spin, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_FINDINGS, ALERT_PERMISSIONS, type AlertDetail, type AlertFinding, type AlertTicket } from '@wb/protocol';
import { ApiError } from '@/platform/api/http';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { plantDateTimeText } from '@/platform/plant-time';
import { usePictureUrl } from '@/pages/ticket-dialogs/usePictureUrl';
import { assignAlert, closeAlert, commentAlert, fetchAlert, fetchMembers, reopenAlert } from './api';
import { FINDING_COLORS, findingWord, ruleWord, SEVERITY_COLORS, severityWord, STATUS_COLORS, statusWord } from './words';
import './i18n';

/** One snapshot, its bytes read under the session; a click opens it whole. */
function Snapshot({ fileId, label }: { fileId: string; label: string }) {
  const url = usePictureUrl(fileId);
  return (
    <div style={{ width: 128 }} data-testid="alert-picture">
      {url ? <Image src={url} width={120} height={76} style={{ objectFit: 'cover' }} alt={label} /> : <div style={{ width: 120, height: 76 }}><Spin /></div>}
      <div className="wb-muted">{label}</div>
    </div>
  );
}

/** The readings before the stable one, as a line (a step shows as a jump in it). */
function ReadingsLine({ readings }: { readings: { at: number; kg: number }[] }) {
  if (readings.length < 2) return null;
  const w = 480;
  const h = 120;
  const t0 = readings[0]!.at;
  const t1 = readings[readings.length - 1]!.at;
  const lo = Math.min(...readings.map((r) => r.kg));
  const hi = Math.max(...readings.map((r) => r.kg));
  const x = (at: number) => 8 + ((at - t0) / Math.max(1, t1 - t0)) * (w - 16);
  const y = (kg: number) => h - 8 - ((kg - lo) / Math.max(1, hi - lo)) * (h - 24);
  return (
    <svg width={w} height={h} role="img" data-testid="alert-readings" style={{ background: '#fafafa', border: '1px solid #f0f0f0' }}>
      <polyline fill="none" stroke="#1677ff" strokeWidth={2} points={readings.map((r) => `${x(r.at)},${y(r.kg)}`).join(' ')} />
      {readings.map((r, i) => <circle key={i} cx={x(r.at)} cy={y(r.kg)} r={2.5} fill="#1677ff" />)}
      <text x={8} y={12} fontSize={11} fill="#888">{hi} kg</text>
      <text x={8} y={h - 2} fontSize={11} fill="#888">{lo} kg</text>
    </svg>
  );
}

function TicketsTable({ tickets }: { tickets: AlertTicket[] }) {
  const { t } = useTranslation();
  if (!tickets.length) return null;
  return (
    <>
      <h4>{t('alert.detail.tickets')}</h4>
      <Table<AlertTicket>
        rowKey="id" size="small" pagination={false} dataSource={tickets} data-testid="alert-tickets"
        columns={[
          { title: t('alert.detail.ticketNo'), dataIndex: 'ticketNo' },
          { title: t('alert.list.plate'), dataIndex: 'plate' },
          { title: t('alert.detail.gross'), dataIndex: 'gross', align: 'right' },
          { title: t('alert.detail.tare'), dataIndex: 'tare', align: 'right' },
          { title: t('alert.detail.net'), dataIndex: 'net', align: 'right' },
          { title: t('alert.detail.grossTime'), dataIndex: 'grossTime', render: (v) => plantDateTimeText(v) },
          { title: t('alert.detail.tareTime'), dataIndex: 'tareTime', render: (v) => plantDateTimeText(v) },
          { title: t('alert.list.operator'), dataIndex: 'operatorName' },
        ]}
        expandable={{
          rowExpandable: (r) => r.pictures.length > 0,
          defaultExpandAllRows: true,
          expandedRowRender: (r) => (
            <Image.PreviewGroup>
              <Space wrap>{r.pictures.map((p) => <Snapshot key={p.fileId} fileId={p.fileId} label={plantDateTimeText(p.weighedAt)} />)}</Space>
            </Image.PreviewGroup>
          ),
        }}
      />
    </>
  );
}

/** What the reviewer does: assign, close with a finding, reopen; each at the version shown (a stale one is refused). */
function Actions({ alert, onDone }: { alert: AlertDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { message } = App.useApp();
  const [mode, setMode] = useState<'assign' | 'close' | 'reopen' | null>(null);
  const [assignee, setAssignee] = useState<string | undefined>(alert.assigneeId ?? undefined);
  const [finding, setFinding] = useState<AlertFinding | undefined>();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: people } = useQuery({ queryKey: ['alert', 'members'], queryFn: fetchMembers, staleTime: 60_000, enabled: mode === 'assign' });
  const start = (m: typeof mode) => {
    setProblem(null);
    setText('');
    setFinding(undefined);
    setMode(m);
  };
  const submit = async () => {
    if (mode === 'close' && finding === 'FRAUD' && !text.trim()) return setProblem(t('alert.detail.noteRequired'));
    setBusy(true);
    try {
      if (mode === 'assign' && assignee) await assignAlert(alert.id, assignee, alert.version);
      if (mode === 'close' && finding) await closeAlert(alert.id, finding, text, alert.version);
      if (mode === 'reopen') await reopenAlert(alert.id, text, alert.version);
      message.success(t('alert.detail.done'));
      setMode(null);
      onDone();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const closed = alert.status === 'CLOSED';
  return (
    <>
      <Space>
        {!closed && <Button onClick={() => start('assign')} data-testid="alert-assign">{t('alert.detail.assign')}</Button>}
        {!closed && <Button type="primary" onClick={() => start('close')} data-testid="alert-close">{t('alert.detail.close')}</Button>}
        {closed && <Button onClick={() => start('reopen')} data-testid="alert-reopen">{t('alert.detail.reopen')}</Button>}
      </Space>
      <Modal
        open={mode !== null} title={mode ? t(`alert.detail.${mode}`) : ''} onCancel={() => setMode(null)} onOk={() => void submit()} confirmLoading={busy}
        okText={t('alert.detail.ok')} cancelText={t('alert.detail.cancel')} okButtonProps={{ 'data-testid': 'alert-action-ok' } as React.ComponentProps<typeof Button>}
        destroyOnHidden
      >
        {problem && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={problem} data-testid="alert-action-problem" />}
        {mode === 'assign' && (
          <Select showSearch optionFilterProp="label" style={{ width: '100%' }} placeholder={t('alert.detail.assignTo')} value={assignee}
            options={(people ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.username})` }))} onChange={setAssignee} data-testid="alert-assignee" />
        )}
        {mode === 'close' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Radio.Group value={finding} onChange={(e) => setFinding(e.target.value)} data-testid="alert-finding">
              {ALERT_FINDINGS.map((f) => <Radio.Button key={f} value={f} data-testid={`alert-finding-${f}`}>{findingWord(f, english)}</Radio.Button>)}
            </Radio.Group>
            <Input.TextArea rows={3} placeholder={t('alert.detail.note')} value={text} onChange={(e) => setText(e.target.value)} data-testid="alert-note" />
          </Space>
        )}
        {mode === 'reopen' && <Input.TextArea rows={3} placeholder={t('alert.detail.reason')} value={text} onChange={(e) => setText(e.target.value)} />}
      </Modal>
    </>
  );
}

function Comments({ alert, canHandle, onDone }: { alert: AlertDetail; canHandle: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    try {
      await commentAlert(alert.id, text);
      setText('');
      setProblem(null);
      onDone();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <>
      <h4>{t('alert.detail.comments')}</h4>
      {alert.comments.length ? (
        <List size="small" dataSource={alert.comments} data-testid="alert-comments"
          renderItem={(c) => <List.Item><span>{c.body}</span><small className="wb-muted">{c.userName} · {plantDateTimeText(c.createdAt)}</small></List.Item>} />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alert.detail.noComments')} />}
      {canHandle && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input placeholder={t('alert.detail.commentPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} onPressEnter={() => void send()} data-testid="alert-comment-input" />
          <Button type="primary" disabled={!text.trim()} onClick={() => void send()} data-testid="alert-comment-send">{t('alert.detail.send')}</Button>
        </Space.Compact>
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 8 }} title={problem} />}
    </>
  );
}

/** An alert whole: what it says, its evidence (tickets, snapshots, readings), its comments and the reviewer's buttons. */
export function AlertDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const client = useQueryClient();
  const canHandle = usePermissions().can(ALERT_PERMISSIONS.handle);
  const { data: alert, isLoading } = useQuery({ queryKey: ['alert', 'detail', id], queryFn: () => fetchAlert(id), staleTime: 0 });
  const refresh = () => void client.invalidateQueries({ queryKey: ['alert'] });
  return (
    <Drawer open width={860} title={t('alert.detail.title')} onClose={onClose} data-testid="alert-drawer" extra={alert && canHandle ? <Actions key={alert.version} alert={alert} onDone={refresh} /> : null}>
      {isLoading && <Spin />}
      {alert && (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('alert.list.rule')}>{ruleWord(alert, english)}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.severity')}><Tag color={SEVERITY_COLORS[alert.severity]}>{severityWord(alert.severity, english)}</Tag></Descriptions.Item>
            <Descriptions.Item label={t('alert.detail.message')} span={2}>{alert.message}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.status')}>
              <Tag color={STATUS_COLORS[alert.status]} data-testid="alert-status">{statusWord(alert.status, english)}</Tag>
              {alert.finding && <Tag color={FINDING_COLORS[alert.finding]} data-testid="alert-finding-tag">{findingWord(alert.finding, english)}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('alert.list.occurredAt')}>{plantDateTimeText(alert.occurredAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.plate')}>{alert.plate}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.operator')}>{alert.operatorName}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.party')}>{alert.partyName}</Descriptions.Item>
            <Descriptions.Item label={t('alert.detail.source')}>{t(`alert.detail.${alert.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('alert.list.assignee')}>{alert.assigneeName}</Descriptions.Item>
            {alert.finding && <Descriptions.Item label={t('alert.detail.note')}>{alert.findingNote}</Descriptions.Item>}
            {alert.closedAt && <Descriptions.Item label={t('alert.detail.closedBy')}>{alert.closedByName} · {plantDateTimeText(alert.closedAt)}</Descriptions.Item>}
          </Descriptions>
          <TicketsTable tickets={alert.tickets} />
          {alert.readings.length > 1 && (
            <>
              <h4>{t('alert.detail.readings')}</h4>
              <ReadingsLine readings={alert.readings} />
            </>
          )}
          <Comments alert={alert} canHandle={canHandle} onDone={refresh} />
        </Space>
      )}
    </Drawer>
  );
}
