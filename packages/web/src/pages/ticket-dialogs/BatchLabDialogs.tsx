import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { batchDetail, batchOpenChoices, openBatch, saveBatchTests, type TestValue } from './api';
import { Refusal, useSave, type DialogProps } from './shared';

/** The frame of the batch archive's own dialogs: title, buttons, the server's refusal inside. */
function LabDialog({ title, save, onOk, onClose, okDisabled, testId, children }: {
  title: string; save: ReturnType<typeof useSave>; onOk(): void; onClose(): void; okDisabled: boolean; testId: string; children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open width={560} title={title} onCancel={onClose} onOk={onOk} confirmLoading={save.busy} destroyOnHidden
      okText={t('ticketDialogs.ok')} cancelText={t('ticketDialogs.cancel')} okButtonProps={{ disabled: okDisabled, 'data-testid': 'ticket-dialog-ok' }}>
      <div data-testid={testId}>
        <Refusal text={save.refusal} testId="ticket-dialog-refusal" />
        {children}
      </div>
    </Modal>
  );
}

/**
 * 开仓: a batch is now what a silo fills with. On the chosen row it is that batch; with no row
 * chosen a new batch number is typed. The product (a batch-managed material), the declared
 * quantity and the opening time (empty: now) go with it (server domain/batch openBatch).
 */
export function BatchOpenDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const chosen = ctx.selectedRows[0] as { id?: string; batchNo?: string; quantity?: string | null } | undefined;
  const { data: choices } = useQuery({ queryKey: ['batch-open-choices'], queryFn: batchOpenChoices, staleTime: 0, gcTime: 0 });
  const [batchNo, setBatchNo] = useState('');
  const [materialId, setMaterialId] = useState<string | undefined>(undefined);
  const [quantity, setQuantity] = useState(chosen?.quantity ? String(chosen.quantity) : '');
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [siloId, setSiloId] = useState<string | undefined>(undefined);
  const save = useSave(ctx, onClose);
  const ready = !!siloId && (chosen ? true : batchNo.trim() !== '');
  const ok = () => void save.run(async () => {
    await openBatch({
      ...(chosen?.id ? { id: String(chosen.id) } : { batchNo: batchNo.trim() }),
      siloId: siloId as string, materialId: materialId ?? null, quantity: quantity.trim() === '' ? null : quantity.trim(), openedAt,
    });
    return t('ticketDialogs.openSaved');
  });
  return (
    <LabDialog title={t('ticketDialogs.openTitle')} save={save} onOk={ok} onClose={onClose} okDisabled={!ready || !choices} testId="ticket-dialog-open">
      {!choices && <Spin />}
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticketDialogs.openBatchNo')} required>
          {chosen
            ? <span data-testid="open-existing">{t('ticketDialogs.openExisting', { batchNo: chosen.batchNo ?? '' })}</span>
            : <Input data-testid="open-batch-no" value={batchNo} maxLength={40} onChange={(e) => setBatchNo(e.target.value)} />}
        </Form.Item>
        <Form.Item label={t('ticketDialogs.openProduct')}>
          <Select data-testid="open-product" allowClear showSearch optionFilterProp="label" value={materialId} onChange={(v: string | undefined) => setMaterialId(v)}
            options={(choices?.products ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.openQuantity')}>
          <Input data-testid="open-quantity" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.openAt')} help={t('ticketDialogs.openAtHint')}>
          <PlantDatePicker withTime allowClear value={openedAt} onChange={setOpenedAt} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.openSilo')} required>
          <Select data-testid="open-silo" showSearch optionFilterProp="label" value={siloId} onChange={(v: string) => setSiloId(v)}
            options={(choices?.silos ?? []).map((s) => ({
              value: s.id, label: (s.currentBatchNo ? t('ticketDialogs.siloOption', { name: s.name, batch: s.currentBatchNo }) : t('ticketDialogs.siloNoBatch', { name: s.name })),
            }))} />
        </Form.Item>
      </Form>
    </LabDialog>
  );
}

/** 检验值: the chosen batch's test values (item, value, unit), read from its detail and saved whole. */
export function BatchTestsDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] as string;
  const { data } = useQuery({ queryKey: ['batch-detail', id], queryFn: () => batchDetail(id), staleTime: 0, gcTime: 0 });
  const [values, setValues] = useState<TestValue[] | null>(null);
  const rows = values ?? data?.testValues ?? [];
  const save = useSave(ctx, onClose);
  const change = (i: number, part: Partial<TestValue>) => setValues(rows.map((v, j) => (j === i ? { ...v, ...part } : v)));
  const ok = () => void save.run(async () => (await saveBatchTests(id, rows.map((v) => ({ item: v.item, value: v.value, unit: v.unit || null }))), t('ticketDialogs.testsSaved')));
  return (
    <LabDialog title={`${t('ticketDialogs.testsTitle')}${data ? ` · ${data.batchNo}` : ''}`} save={save} onOk={ok} onClose={onClose} okDisabled={!data} testId="ticket-dialog-tests">
      {!data && <Spin />}
      {rows.map((v, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }} data-testid={`tests-row-${i}`}>
          <Input placeholder={t('ticketDialogs.testsItem')} aria-label={t('ticketDialogs.testsItem')} data-testid={`tests-item-${i}`} value={v.item} maxLength={40} onChange={(e) => change(i, { item: e.target.value })} />
          <Input placeholder={t('ticketDialogs.testsValue')} aria-label={t('ticketDialogs.testsValue')} data-testid={`tests-value-${i}`} value={v.value} maxLength={40} style={{ width: 120 }} onChange={(e) => change(i, { value: e.target.value })} />
          <Input placeholder={t('ticketDialogs.testsUnit')} aria-label={t('ticketDialogs.testsUnit')} data-testid={`tests-unit-${i}`} value={v.unit ?? ''} maxLength={20} style={{ width: 90 }} onChange={(e) => change(i, { unit: e.target.value })} />
          <Button type="link" danger onClick={() => setValues(rows.filter((_, j) => j !== i))}>{t('ticketDialogs.testsRemove')}</Button>
        </Space>
      ))}
      {data && <Button data-testid="tests-add" onClick={() => setValues([...rows, { item: '', value: '', unit: '' }])}>{t('ticketDialogs.testsAdd')}</Button>}
    </LabDialog>
  );
}
