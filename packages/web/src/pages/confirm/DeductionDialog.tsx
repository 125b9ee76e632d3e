import { useState } from 'react';
import { InputNumber, Modal, Segmented, Select, Table } from 'antd';
import { SITE_DEDUCTION_KINDS, SITE_DEDUCTION_WORDS, type ConfirmPlaces, type ConfirmSubmitBody, type SiteDeductionKind } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useConfirmTexts } from './texts';

type Entry = { mode: 'AMOUNT' | 'RATE'; value: number | null };
export type DeductionResult = Pick<ConfirmSubmitBody, 'deductions' | 'reNums' | 'stockAddressId' | 'siloId'>;

interface Props {
  open: boolean;
  title: string;
  /** where the load may go or come from (库存地址; 筒仓 for sales); null while they load */
  places?: ConfirmPlaces | null;
  onSubmit(result: DeductionResult): void;
  onCancel(): void;
}

const blank = (): Record<SiteDeductionKind, Entry> =>
  Object.fromEntries(SITE_DEDUCTION_KINDS.map((k) => [k, { mode: 'AMOUNT', value: null }])) as Record<SiteDeductionKind, Entry>;

/** The deductions and pieces a site enters when it accepts a truck's load (domain notes: site confirmation). */
export function DeductionDialog({ open, title, places, onSubmit, onCancel }: Props) {
  const tx = useConfirmTexts();
  const english = useEnglish();
  const [entries, setEntries] = useState(blank);
  const [pieces, setPieces] = useState<number | null>(null);
  // undefined: left as the ticket has it; a choice is sent only when the confirmer changes it
  const [address, setAddress] = useState<string | null | undefined>(undefined);
  const [silo, setSilo] = useState<string | null | undefined>(undefined);
  const set = (kind: SiteDeductionKind, next: Partial<Entry>) => setEntries((e) => ({ ...e, [kind]: { ...e[kind], ...next } }));
  const submit = () => {
    const deductions = SITE_DEDUCTION_KINDS.filter((k) => entries[k].value !== null && entries[k].value !== 0)
      .map((k) => ({ kind: k, mode: entries[k].mode, value: String(entries[k].value) }));
    onSubmit({
      deductions, ...(pieces !== null ? { reNums: pieces } : {}),
      ...(address !== undefined ? { stockAddressId: address } : {}), ...(silo !== undefined ? { siloId: silo } : {}),
    });
  };
  const rows = SITE_DEDUCTION_KINDS.map((kind) => ({ kind }));
  return (
    <Modal open={open} title={title} width={560} onOk={submit} onCancel={onCancel} destroyOnHidden afterClose={() => { setEntries(blank()); setPieces(null); setAddress(undefined); setSilo(undefined); }}>
      <p>{tx.deductIntro}</p>
      <Table
        size="small" pagination={false} rowKey="kind" dataSource={rows} data-testid="deduction-table"
        columns={[
          { title: tx.kind, dataIndex: 'kind', width: 120, render: (k: SiteDeductionKind) => (english ? SITE_DEDUCTION_WORDS[k].en : SITE_DEDUCTION_WORDS[k].zh) },
          {
            title: tx.mode, width: 150,
            render: (_: unknown, { kind }: { kind: SiteDeductionKind }) => (
              <Segmented size="small" value={entries[kind].mode} onChange={(v) => set(kind, { mode: v as Entry['mode'] })}
                options={[{ value: 'AMOUNT', label: tx.amount }, { value: 'RATE', label: tx.rate }]} />
            ),
          },
          {
            title: tx.value,
            render: (_: unknown, { kind }: { kind: SiteDeductionKind }) => (
              <InputNumber data-testid={`deduct-${kind}`} min={0} max={entries[kind].mode === 'RATE' ? 100 : 1000} precision={4} style={{ width: '100%' }}
                value={entries[kind].value} onChange={(v) => set(kind, { value: v })} />
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
        <span>{tx.pieces}</span>
        <InputNumber data-testid="deduct-pieces" min={0} precision={0} value={pieces} onChange={(v) => setPieces(v)} />
      </div>
      {places && places.addresses.length > 0 && (
        <div style={{ marginTop: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ minWidth: 64 }}>{tx.stockAddress}</span>
          <Select
            data-testid="confirm-stock-address" style={{ flex: 1 }} allowClear showSearch optionFilterProp="label" placeholder={tx.noPlace}
            value={address === undefined ? places.stockAddressId : address} onChange={(v?: string) => setAddress(v ?? null)}
            options={places.addresses.map((a) => ({ value: a.id, label: `${a.warehouseName} / ${a.code} ${a.name}` }))}
          />
        </div>
      )}
      {places && places.silos.length > 0 && (
        <div style={{ marginTop: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ minWidth: 64 }}>{tx.silo}</span>
          <Select
            data-testid="confirm-silo" style={{ flex: 1 }} allowClear showSearch optionFilterProp="label" placeholder={tx.noPlace}
            value={silo === undefined ? places.siloId : silo} onChange={(v?: string) => setSilo(v ?? null)}
            options={places.silos.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
          />
        </div>
      )}
    </Modal>
  );
}
