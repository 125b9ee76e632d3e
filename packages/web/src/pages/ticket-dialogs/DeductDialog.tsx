import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Segmented, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { previewDeduct, saveDeductions } from './api';
import { deductionInputs, deductionsBody, hiddenDeduction, type DeductionInput } from './deduction-rows';
import { TicketDialog, useFigures, useSave, useSettled, useTicket, type DialogProps } from './shared';

/**
 * 扣重: the ticket's deductions, one row per kind the deduct call takes, each a weight in tons or a
 * rate in percent; gross, tare and the net now beside the net the server computes for the typed
 * rows (deduct/preview), so what is shown before saving is what the save stores.
 */
export function DeductDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: ticket } = useTicket(ctx);
  const [edited, setEdited] = useState<DeductionInput[] | null>(null);
  const inputs = useMemo(() => edited ?? deductionInputs(ticket?.deductions ?? []), [edited, ticket]);
  const body = useMemo(() => ({ id: ctx.selectedIds[0] as string, deductions: deductionsBody(inputs) }), [ctx.selectedIds, inputs]);
  const asked = useSettled(body);
  const preview = useQuery({
    queryKey: ['weigh-deduct-preview', ctx.base, asked], queryFn: () => previewDeduct(ctx.base, asked),
    enabled: Boolean(ticket), retry: false, staleTime: 0, gcTime: 0, placeholderData: (previous) => previous,
  });
  const save = useSave(ctx, onClose);
  const change = (kind: string, patch: Partial<DeductionInput>) => setEdited(inputs.map((d) => (d.kind === kind ? { ...d, ...patch } : d)));
  const weightOf = (kind: string) => preview.data?.lines.find((l) => l.kind === kind)?.weight;
  const hidden = hiddenDeduction(ticket?.deductions ?? []);
  const pending = preview.isFetching || asked !== body;
  const fig = useFigures();
  const afterText = (value: string | null | undefined, as = fig.tons) => (ticket && ticket.net === null ? t('ticketDialogs.noNetYet') : pending ? t('ticketDialogs.counting') : as(value));

  const columns = [
    { title: t('ticketDialogs.kind'), dataIndex: 'kind', width: 110, render: (kind: string) => t(`ticketDialogs.kinds.${kind}`) },
    {
      title: t('ticketDialogs.mode'), dataIndex: 'mode', width: 190,
      render: (mode: DeductionInput['mode'], d: DeductionInput) => (
        <Segmented<DeductionInput['mode']> size="small" value={mode} onChange={(m) => change(d.kind, { mode: m })} data-testid={`deduct-mode-${d.kind}`}
          options={[{ value: 'amount', label: t('ticketDialogs.byAmount') }, { value: 'rate', label: t('ticketDialogs.byRate') }]} />
      ),
    },
    {
      title: t('ticketDialogs.value'), dataIndex: 'value', width: 140,
      render: (value: string, d: DeductionInput) => (
        <Input size="small" inputMode="decimal" value={value} data-testid={`deduct-value-${d.kind}`} suffix={d.mode === 'rate' ? '%' : t('ticketDialogs.tonUnit')}
          onChange={(e) => change(d.kind, { value: e.target.value })} />
      ),
    },
    { title: fig.label(t('ticketDialogs.weight')), key: 'weight', align: 'right' as const, render: (_: unknown, d: DeductionInput) => (d.value.trim() === '' ? '' : fig.tons(weightOf(d.kind))) },
  ];

  return (
    <TicketDialog title={t('ticketDialogs.deductTitle')} width={720} ticket={ticket} save={save} onOk={() => void save.run(async () => (await saveDeductions(ctx.base, body), t('ticketDialogs.deducted')))} onClose={onClose} okDisabled={!ticket} testId="ticket-dialog-deduct">
      <Descriptions size="small" bordered column={4} style={{ marginBottom: 12 }}
        items={[
          { key: 'gross', label: fig.label(t('ticketDialogs.gross')), children: fig.tons(ticket?.gross) },
          { key: 'tare', label: fig.label(t('ticketDialogs.tare')), children: fig.tons(ticket?.tare) },
          { key: 'deducted', label: fig.label(t('ticketDialogs.deductTotal')), children: fig.tons(ticket?.deductTotal) },
          { key: 'net', label: fig.label(t('ticketDialogs.currentNet')), children: <span data-testid="deduct-current-net">{fig.tons(ticket?.net)}</span> },
        ]} />
      <Form layout="vertical" component="div">
        <Table<DeductionInput> size="small" rowKey="kind" pagination={false} loading={!ticket} dataSource={inputs} columns={columns} />
        {hidden !== null && <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{t('ticketDialogs.kinds.hidden')} {fig.tons(hidden)} · {t('ticketDialogs.hiddenNote')}</Typography.Paragraph>}
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>{t('ticketDialogs.deductHint')}</Typography.Paragraph>
      </Form>
      {preview.error && !pending ? (
        <Alert type="warning" showIcon title={(preview.error as Error).message} data-testid="deduct-preview-refusal" />
      ) : (
        <Descriptions size="small" bordered column={3}
          items={[
            { key: 'deducted', label: fig.label(t('ticketDialogs.resultDeducted')), children: afterText(preview.data?.deducted) },
            { key: 'net', label: fig.label(t('ticketDialogs.resultNet')), children: <strong data-testid="deduct-result-net">{afterText(preview.data?.net)}</strong> },
            ...(ticket?.price != null ? [{ key: 'amount', label: t('ticketDialogs.resultAmount'), children: afterText(preview.data?.amount, fig.money) }] : []),
          ]} />
      )}
    </TicketDialog>
  );
}
