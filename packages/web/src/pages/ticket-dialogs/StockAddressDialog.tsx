import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignTicketAddress, ticketAddressChoice } from './api';
import { TicketDialog, useSave, useTicket, type DialogProps } from './shared';

const NONE = '';

/**
 * 库存地址: where the chosen ticket's goods were unloaded or loaded (a yard, a bay, a silo
 * position of its warehouse), named before it is posted; its posting then writes the address on
 * the stock record and the address's balance moves. The server refuses a posted ticket.
 */
export function StockAddressDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] as string;
  const { data: ticket } = useTicket(ctx);
  const { data: choice } = useQuery({ queryKey: ['ticket-address', ctx.base, id], queryFn: () => ticketAddressChoice(ctx.base, id), staleTime: 0, gcTime: 0 });
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const save = useSave(ctx, onClose);
  const value = picked ?? choice?.addressId ?? NONE;
  const options = [
    { value: NONE, label: t('ticketDialogs.noAddress') },
    ...(choice?.choices ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}（${a.warehouseName}）` })),
  ];
  const ok = () => void save.run(async () => (await assignTicketAddress(ctx.base, id, value === NONE ? null : value), t('ticketDialogs.addressSaved')));
  return (
    <TicketDialog title={t('ticketDialogs.addressTitle')} width={520} ticket={ticket} save={save} onOk={ok} onClose={onClose} okDisabled={!choice} testId="ticket-dialog-address">
      {choice && choice.choices.length === 0 && <Alert type="info" showIcon title={t('ticketDialogs.noAddresses')} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticketDialogs.address')}>
          <Select data-testid="address-select" value={value} options={options} onChange={setPicked} showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('ticketDialogs.addressHint')}</Typography.Text>
    </TicketDialog>
  );
}
