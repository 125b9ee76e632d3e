import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchOptions, saveTicketBatch, saveTicketBatchFromSilo, saveTicketSilo, ticketSilos } from './api';
import { TicketDialog, useSave, useTicket, type DialogProps } from './shared';

/**
 * 批次号: the production batch a sales ticket was loaded from, chosen among the open batches (the
 * server refuses a closed one, or one of another material: domain/batch rules.ts), or cleared; or
 * the silo it is loaded at (装车筒仓): while the truck loads, its second weighing then takes the
 * silo's current batch by itself; once weighed, the silo's current batch is taken now.
 */
export function BatchDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] as string;
  const { data: ticket } = useTicket(ctx);
  const { data: batches } = useQuery({ queryKey: ['batch-options'], queryFn: batchOptions, staleTime: 0, gcTime: 0 });
  const { data: silos } = useQuery({ queryKey: ['ticket-silos'], queryFn: ticketSilos, staleTime: 0, gcTime: 0 });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [silo, setSilo] = useState<string | undefined>(undefined);
  const save = useSave(ctx, onClose);
  const open = (batches ?? []).filter((b) => !b.closedAt && b.enabled !== false);
  const loading = ticket?.state === 'FIRST_WEIGHED' || ticket?.state === 'CONFIRMED';
  const ok = () => void save.run(async () => {
    if (chosen === undefined && silo !== undefined && loading) return (await saveTicketSilo(ctx.base, id, silo), t('ticketDialogs.batchSiloSaved'));
    if (chosen === undefined && silo !== undefined) return (await saveTicketBatchFromSilo(ctx.base, id, silo), t('ticketDialogs.batchSaved'));
    return (await saveTicketBatch(ctx.base, id, chosen ?? null), t('ticketDialogs.batchSaved'));
  });
  return (
    <TicketDialog title={t('ticketDialogs.batchTitle')} width={520} ticket={ticket} save={save} onOk={ok} onClose={onClose} okDisabled={!ticket} testId="ticket-dialog-batch">
      <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}
        items={[
          { key: 'current', label: t('ticketDialogs.batchCurrent'), children: <span data-testid="batch-current">{ticket?.batchNo ?? t('ticketDialogs.batchNone')}</span> },
          { key: 'silo', label: t('ticketDialogs.batchSiloChoose'), children: <span data-testid="batch-current-silo">{ticket?.siloName ?? t('ticketDialogs.batchSiloNone')}</span> },
        ]} />
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticketDialogs.batchChoose')} help={t('ticketDialogs.batchClear')}>
          <Select data-testid="batch-select" allowClear showSearch optionFilterProp="label" value={chosen} onChange={(v: string | undefined) => setChosen(v)}
            options={open.map((b) => ({ value: b.id, label: `${b.batchNo}${b.remaining !== null && b.remaining !== undefined ? ` · ${t('ticketDialogs.batchRemaining', { value: b.remaining })}` : ''}` }))} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.batchSiloChoose')} help={t('ticketDialogs.batchSiloHint')}>
          <Select data-testid="batch-silo" allowClear showSearch optionFilterProp="label" value={silo} onChange={(v: string | undefined) => setSilo(v)}
            options={(silos ?? []).map((s) => ({ value: s.id, label: (s.currentBatchNo ? t('ticketDialogs.siloOption', { name: s.name, batch: s.currentBatchNo }) : t('ticketDialogs.siloNoBatch', { name: s.name })) }))} />
        </Form.Item>
      </Form>
    </TicketDialog>
  );
}
