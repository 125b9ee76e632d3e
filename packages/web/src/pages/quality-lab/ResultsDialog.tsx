import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { enterResults, type LabLine } from './api';
import { cellProblem, changedValues, draftOf, editable, rangeText, roundOf } from './result-rows';
import { SampleHeader, useLabSample, type DialogProps } from './shared';

/**
 * 录入结果: the chosen sample's items for its current round; only the caller's own items (the
 * server's mayEnter) are cells, the derived ones show what the server figured after the save.
 * Keyboard first: Enter goes to the next cell, Enter on the last saves. A stale version (409)
 * shows the refusal and reloads what the others saved.
 */
export function ResultsDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const query = useLabSample(ctx);
  const sample = query.data;
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Map<string, InputRef>>(new Map());
  const shown = draft ?? (sample ? draftOf(sample) : {});
  const lines = sample?.lines ?? [];
  const cells = lines.filter(editable);
  const problems = cells.map((l) => cellProblem(l, shown[l.itemId] ?? '')).filter((p): p is string => p !== null);

  const reload = async () => {
    await query.refetch();
    setDraft(null);
  };
  const save = async () => {
    if (!sample || busy) return;
    if (problems.length) return setRefusal(problems[0]);
    const values = changedValues(sample, shown);
    if (!values.length) return feedback.info(t('qualityLab.nothingChanged'), 2);
    setBusy(true);
    setRefusal(null);
    try {
      await enterResults(sample.id, values);
      feedback.success(t('qualityLab.saved'));
      ctx.refresh();
      await reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409) {
        setRefusal(err.message || t('qualityLab.conflict'));
        await reload();
      } else if (!err.shown) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };
  const onKey = (line: LabLine) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const next = cells[cells.indexOf(line) + 1];
    if (next) inputs.current.get(next.itemId)?.focus({ cursor: 'all' });
    else void save();
  };

  const round = sample?.round ?? 1;
  const columns: ColumnsType<LabLine> = [
    { title: t('qualityLab.columns.item'), key: 'item', width: 150, render: (_, l) => `${l.itemName} (${l.itemCode})` },
    { title: t('qualityLab.columns.unit'), dataIndex: 'unit', width: 70 },
    { title: t('qualityLab.columns.range'), key: 'range', width: 110, render: (_, l) => rangeText(l) },
    { title: t('qualityLab.columns.decimals'), dataIndex: 'precisionDigits', width: 70, align: 'right' },
    ...(round === 2 ? [{ title: t('qualityLab.columns.first'), key: 'first', width: 90, align: 'right' as const, render: (_: unknown, l: LabLine) => l.first?.value ?? '' }] : []),
    {
      title: round === 2 ? t('qualityLab.columns.recheck') : t('qualityLab.columns.value'), key: 'value', width: 170,
      render: (_, l) => {
        if (!editable(l)) {
          const value = roundOf(l, round)?.value ?? '';
          return <span data-testid={`lab-value-${l.itemCode}`}>{value} <Tag>{l.formula ? t('qualityLab.derived') : t('qualityLab.notYours')}</Tag></span>;
        }
        const text = shown[l.itemId] ?? '';
        const problem = cellProblem(l, text);
        return (
          <>
            <Input size="small" inputMode="decimal" value={text} data-testid={`lab-input-${l.itemCode}`} status={problem ? 'error' : undefined}
              autoFocus={cells[0] === l} suffix={l.unit ?? undefined} title={problem ?? undefined}
              ref={(el) => { if (el) inputs.current.set(l.itemId, el); else inputs.current.delete(l.itemId); }}
              onChange={(e) => { setDraft({ ...shown, [l.itemId]: e.target.value }); setRefusal(null); }} onKeyDown={onKey(l)} />
            {/* the red cell says why: the bound it broke and the item's range */}
            {problem && <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={`lab-problem-${l.itemCode}`}>{problem}</Typography.Text>}
          </>
        );
      },
    },
    { title: t('qualityLab.columns.final'), dataIndex: 'final', width: 90, align: 'right', render: (v: string | null, l) => <span data-testid={`lab-final-${l.itemCode}`}>{v ?? ''}</span> },
  ];
  const footer = [
    <Button key="close" onClick={onClose} data-testid="lab-results-close">{t('qualityLab.close')}</Button>,
    <Button key="ok" type="primary" loading={busy} disabled={!sample || !cells.length} onClick={() => void save()} data-testid="lab-results-ok">{t('qualityLab.ok')}</Button>,
  ];
  return (
    <Modal open width={820} title={`${t('qualityLab.enterTitle')}${sample ? ` · ${sample.blindCode}` : ''}`} onCancel={onClose} footer={footer} destroyOnHidden>
      <div data-testid="lab-results-dialog">
        <SampleHeader sample={sample} />
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="lab-results-refusal" style={{ marginBottom: 12 }} />}
        {sample && !cells.length && <Alert type="info" showIcon title={t('qualityLab.noItems')} style={{ marginBottom: 12 }} />}
        <Table<LabLine> size="small" bordered pagination={false} rowKey="itemId" loading={!sample} dataSource={lines} columns={columns} />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{t('qualityLab.enterHint')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
