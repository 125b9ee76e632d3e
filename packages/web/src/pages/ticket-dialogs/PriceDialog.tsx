import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketAmount, ticketUnitPrice, toDecimal } from '@wb/protocol';
import { modifyPrice, moneyParams } from './api';
import { TicketDialog, useFigures, useSave, useTicket, type DialogProps } from './shared';

const PRICE = /^\d+(\.\d+)?$/;

/**
 * 修改单价: the ticket's net, unit price and amount now, the new unit price, and the amount it will
 * come to (on the gauged m3 when its price is per m3), rounded as the server keeps it (protocol ticketUnitPrice and ticketAmount, with the
 * company's decimals), and the reason for the change, which the server keeps in the log.
 */
export function PriceDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: ticket } = useTicket(ctx);
  const { data: params } = useQuery({ queryKey: ['weigh-money-params', ctx.base], queryFn: () => moneyParams(ctx.base), staleTime: 0 });
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const save = useSave(ctx, onClose);
  const typed = price.trim();
  const fig = useFigures();
  const newAmount = (() => {
    // a price per m3 prices the gauged volume (server weighing/rules/amount.ts basisAmount); not gauged yet, no amount
    const quantity = ticket?.priceBasis === 'VOLUME' ? ticket.gaugeVolume ?? null : ticket?.net ?? null;
    if (!params || !ticket || quantity === null || !PRICE.test(typed)) return '—';
    const amount = ticketAmount(quantity, ticketUnitPrice(typed, params.unitPricePrecision), params.moneyPrecision);
    // a return ticket's amount is kept negative (it pays back), as its present amount shows
    const signed = toDecimal(ticket.amount)?.isNegative() ? amount.neg() : amount;
    return fig.money(signed.toFixed(params.moneyPrecision));
  })();
  const ok = () => {
    if (typed === '') return setProblem(t('ticketDialogs.priceRequired'));
    if (!PRICE.test(typed)) return setProblem(t('ticketDialogs.priceNotNumber'));
    setProblem(null);
    const why = reason.trim();
    if (why === '') return setReasonProblem(t('ticketDialogs.reasonRequired'));
    if (why.length > 200) return setReasonProblem(t('ticketDialogs.reasonTooLong'));
    setReasonProblem(null);
    void save.run(async () => (await modifyPrice(ctx.base, ctx.selectedIds[0] as string, typed, why), t('ticketDialogs.priceSaved')));
  };
  return (
    <TicketDialog title={t('ticketDialogs.priceTitle')} width={600} ticket={ticket} save={save} onOk={ok} onClose={onClose} okDisabled={!ticket} testId="ticket-dialog-price">
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}
        items={[
          { key: 'net', label: fig.label(t('ticketDialogs.net')), children: fig.tons(ticket?.net) },
          { key: 'price', label: t('ticketDialogs.price'), children: <span data-testid="price-current">{fig.price(ticket?.price)}</span> },
          { key: 'amount', label: t('ticketDialogs.amount'), children: fig.money(ticket?.amount) },
        ]} />
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticketDialogs.newPrice')} required validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input data-testid="price-new" inputMode="decimal" value={price} autoFocus onChange={(e) => setPrice(e.target.value)} onPressEnter={ok} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.reason')} required validateStatus={reasonProblem ? 'error' : undefined} help={reasonProblem}>
          <Input.TextArea data-testid="price-reason" rows={2} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.newAmount')} style={{ marginBottom: 4 }}>
          <strong data-testid="price-new-amount">{newAmount}</strong>
        </Form.Item>
        {params && <Typography.Text type="secondary">{t('ticketDialogs.amountHint', { digits: params.moneyPrecision })}</Typography.Text>}
      </Form>
    </TicketDialog>
  );
}
