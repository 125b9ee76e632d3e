import { useEffect, useState } from 'react';
import { Button, Descriptions, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { splitTicket } from './api';
import { evenParts, isPartValue, MAX_PARTS, MIN_PARTS, sumParts } from './split-parts';
import { TicketDialog, useFigures, useSave, useTicket, type DialogProps } from './shared';

/**
 * 拆分: the ticket's net in parts (tons, as the split call takes them), two at first, evenly; the
 * parts' sum against the net is shown as it is typed, and the dialog saves once they add up.
 */
export function SplitDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: ticket } = useTicket(ctx);
  const [parts, setParts] = useState<string[] | null>(null);
  const [count, setCount] = useState(MIN_PARTS);
  const save = useSave(ctx, onClose);
  const fig = useFigures();
  const net = ticket?.net ?? null;
  useEffect(() => {
    if (ticket && parts === null) setParts(evenParts(ticket.net, MIN_PARTS));
  }, [ticket, parts]);
  const shown = parts ?? [];
  const sum = sumParts(shown, net);
  const valid = sum.addsUp && shown.every(isPartValue);
  const setPart = (i: number, value: string) => setParts(shown.map((p, j) => (j === i ? value : p)));
  const ok = () => void save.run(async () => {
    const { ids } = await splitTicket(ctx.base, ctx.selectedIds[0] as string, shown.map((p) => p.trim()));
    return t('ticketDialogs.splitDone', { count: ids.length });
  });
  return (
    <TicketDialog title={t('ticketDialogs.splitTitle')} width={600} ticket={ticket} save={save} onOk={ok} onClose={onClose} okDisabled={!valid} testId="ticket-dialog-split">
      <Descriptions size="small" bordered column={4} style={{ marginBottom: 12 }}
        items={[
          { key: 'gross', label: fig.label(t('ticketDialogs.gross')), children: fig.tons(ticket?.gross) },
          { key: 'tare', label: fig.label(t('ticketDialogs.tare')), children: fig.tons(ticket?.tare) },
          { key: 'deducted', label: fig.label(t('ticketDialogs.deductTotal')), children: fig.tons(ticket?.deductTotal) },
          { key: 'net', label: fig.label(t('ticketDialogs.net')), children: <span data-testid="split-net">{fig.tons(net)}</span> },
        ]} />
      <Space style={{ marginBottom: 12 }}>
        <span>{t('ticketDialogs.evenly')}</span>
        <InputNumber size="small" min={MIN_PARTS} max={MAX_PARTS} precision={0} value={count} onChange={(v) => setCount(v ?? MIN_PARTS)} data-testid="split-count" style={{ width: 64 }} />
        <span>{t('ticketDialogs.evenlyCount')}</span>
        <Button size="small" onClick={() => setParts(evenParts(net, count))} data-testid="split-evenly">{t('ticketDialogs.apply')}</Button>
      </Space>
      <Form layout="horizontal" component="div" labelCol={{ flex: '110px' }}>
        {shown.map((p, i) => (
          <Form.Item key={i} label={t('ticketDialogs.part', { n: i + 1 })} style={{ marginBottom: 8 }}
            validateStatus={p.trim() !== '' && !isPartValue(p) ? 'error' : undefined}>
            <Space.Compact style={{ width: '100%' }}>
              <Input inputMode="decimal" value={p} onChange={(e) => setPart(i, e.target.value)} data-testid={`split-part-${i}`} suffix={t('ticketDialogs.tonUnit')} />
              <Button disabled={shown.length <= MIN_PARTS} onClick={() => setParts(shown.filter((_, j) => j !== i))} data-testid={`split-remove-${i}`}>{t('ticketDialogs.removePart')}</Button>
            </Space.Compact>
          </Form.Item>
        ))}
      </Form>
      <Button type="dashed" block disabled={shown.length >= MAX_PARTS} onClick={() => setParts([...shown, ''])} style={{ marginBottom: 12 }} data-testid="split-add">
        {t('ticketDialogs.addPart')}
      </Button>
      <Descriptions size="small" bordered column={2}
        items={[
          { key: 'sum', label: fig.label(t('ticketDialogs.partsSum')), children: <span data-testid="split-sum">{fig.tons(sum.sum)}</span> },
          { key: 'difference', label: fig.label(t('ticketDialogs.difference')), children: <span data-testid="split-difference">{fig.tons(sum.difference)}</span> },
        ]} />
      <Typography.Paragraph type={sum.addsUp ? 'success' : 'danger'} style={{ margin: '8px 0 0' }} data-testid="split-adds-up">
        {sum.addsUp ? t('ticketDialogs.addsUp') : t('ticketDialogs.notAddsUp', { net: fig.tonsWithUnit(net) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>{t('ticketDialogs.splitHint')}</Typography.Paragraph>
    </TicketDialog>
  );
}
