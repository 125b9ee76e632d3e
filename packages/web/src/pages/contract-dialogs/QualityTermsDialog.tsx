import { useState } from 'react';
import { Alert, Button, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { saveQualityTerms, type ContractEntity } from './api';
import { bodyOf, emptyRow, problemAt, rowsOf, type QualityColumn, type QualityProblem, type QualityRow } from './quality-rows';
import { ContractDialog, useContract, type DialogProps } from './shared';

const TEXT_WIDTH: Partial<Record<QualityColumn, number>> = { materialCode: 170, itemCode: 100, itemName: 110, remark: 130 };

/**
 * 质量条款: the chosen contract's terms per material and assay item, edited in a table while the
 * contract is a draft and saved whole (POST quality); shown read-only once it is audited. The
 * server's refusal is shown above the table and marks the cell it names.
 */
export function QualityTermsDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: contract } = useContract(ctx);
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<QualityRow[] | null>(null);
  const [problem, setProblem] = useState<QualityProblem | null>(null);
  const shown = rows ?? (contract ? rowsOf(contract.qualityTerms) : []);
  const editable = contract?.docStatus === 'FREE';
  const edit = (next: QualityRow[]) => {
    setRows(next);
    setProblem(null);
  };
  const save = async () => {
    if (!contract) return;
    setBusy(true);
    try {
      await saveQualityTerms(ctx.base, contract.id, bodyOf(shown));
      feedback.success(t('contractDialogs.saved'));
      ctx.refresh();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!err.shown) setProblem(problemAt(err.field, err.message));
    } finally {
      setBusy(false);
    }
  };
  const footer = editable
    ? [
        <Button key="cancel" onClick={onClose}>{t('contractDialogs.cancel')}</Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void save()} data-testid="quality-ok">{t('contractDialogs.ok')}</Button>,
      ]
    : [<Button key="close" onClick={onClose}>{t('contractDialogs.close')}</Button>];
  return (
    <ContractDialog title={t('contractDialogs.qualityTitle')} width={1380} contract={contract} footer={footer} onClose={onClose} testId="quality-dialog">
      {contract && !editable && <Alert type="info" showIcon title={t('contractDialogs.readOnly')} data-testid="quality-readonly" style={{ marginBottom: 12 }} />}
      {problem && <Alert type="error" showIcon title={problem.message} data-testid="quality-problem" style={{ marginBottom: 12 }} />}
      <Table<QualityRow> size="small" bordered pagination={false} rowKey="key" dataSource={shown} scroll={{ x: 'max-content' }}
        loading={!contract} locale={{ emptyText: t('contractDialogs.noTerms') }}
        columns={qualityColumns({ contract, rows: shown, editable, problem, edit, t })} />
      {editable && (
        <Button type="dashed" block style={{ marginTop: 8 }} data-testid="quality-add"
          onClick={() => edit([...shown, emptyRow(materialsOf(contract)[0]?.value ?? '')])}>
          {t('contractDialogs.addTerm')}
        </Button>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('contractDialogs.qualityHint')}</Typography.Paragraph>
    </ContractDialog>
  );
}

/** The contract's own materials (its pricing rows), the choices of a term's material. */
function materialsOf(contract: ContractEntity | undefined): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const line of contract?.entitysub ?? []) {
    if (line.materialCode && !seen.has(line.materialCode)) seen.set(line.materialCode, `${line.materialCode} ${line.materialName ?? ''}`.trim());
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

interface ColumnsInput {
  contract: ContractEntity | undefined;
  rows: QualityRow[];
  editable: boolean;
  problem: QualityProblem | null;
  edit(next: QualityRow[]): void;
  t: (key: string) => string;
}

function qualityColumns({ contract, rows, editable, problem, edit, t }: ColumnsInput): ColumnsType<QualityRow> {
  const change = (index: number, column: QualityColumn, value: string) => edit(rows.map((r, i) => (i === index ? { ...r, [column]: value } : r)));
  const wrong = (index: number, column: QualityColumn) => problem?.row === index && problem.column === column;
  const materials = materialsOf(contract);
  const title = (column: QualityColumn) => t(`contractDialogs.columns.${column}`);
  const text = (column: QualityColumn, numeric = false) => ({
    key: column, title: title(column), width: TEXT_WIDTH[column] ?? 84,
    render: (_: unknown, row: QualityRow, index: number) => {
      if (!editable) return <span data-testid={`quality-cell-${index}-${column}`}>{row[column]}</span>;
      return (
        <Input size="small" value={row[column]} inputMode={numeric ? 'decimal' : undefined} status={wrong(index, column) ? 'error' : undefined}
          title={wrong(index, column) ? problem?.message : undefined} data-testid={`quality-cell-${index}-${column}`}
          onChange={(e) => change(index, column, e.target.value)} />
      );
    },
  });
  const material = {
    key: 'materialCode', title: title('materialCode'), width: TEXT_WIDTH.materialCode,
    render: (_: unknown, row: QualityRow, index: number) => {
      const known = materials.find((m) => m.value === row.materialCode);
      if (!editable) return <span data-testid={`quality-cell-${index}-materialCode`}>{known?.label ?? row.materialCode}</span>;
      const options = known || row.materialCode === '' ? materials : [...materials, { value: row.materialCode, label: row.materialCode }];
      return (
        <div data-testid={`quality-cell-${index}-materialCode`}>
          <Select size="small" style={{ width: '100%' }} value={row.materialCode || undefined} options={options} status={wrong(index, 'materialCode') ? 'error' : undefined}
            onChange={(v: string) => change(index, 'materialCode', v)} />
        </div>
      );
    },
  };
  // a column of a few fixed words (the server's enums), shown as their texts
  const choice = (column: 'direction' | 'deductBasis' | 'bandMode', words: string, values: readonly string[], width: number) => ({
    key: column, title: title(column), width,
    render: (_: unknown, row: QualityRow, index: number) => {
      const word = t(`contractDialogs.${words}.${row[column]}`);
      if (!editable) return <span data-testid={`quality-cell-${index}-${column}`}>{word}</span>;
      return (
        <div data-testid={`quality-cell-${index}-${column}`}>
          <Select size="small" style={{ width: '100%' }} value={row[column]} status={wrong(index, column) ? 'error' : undefined}
            options={values.map((d) => ({ value: d, label: t(`contractDialogs.${words}.${d}`) }))} onChange={(v: string) => change(index, column, v)} />
        </div>
      );
    },
  });
  const direction = choice('direction', 'directions', ['MAX', 'MIN'], 90);
  const remove = {
    key: 'remove', title: '', width: 60,
    render: (_: unknown, _row: QualityRow, index: number) => (
      <Button size="small" type="link" danger data-testid={`quality-remove-${index}`} onClick={() => edit(rows.filter((_r, i) => i !== index))}>{t('contractDialogs.removeTerm')}</Button>
    ),
  };
  return [
    material, text('itemCode'), text('itemName'), text('standardValue', true), direction,
    { key: 'deduct', title: t('contractDialogs.groups.deduct'), children: [text('deductStep', true), text('deductPercent', true), choice('deductBasis', 'deductBases', ['NET', 'DRY'], 150)] },
    { key: 'band', title: t('contractDialogs.groups.band'), children: [text('bandStep', true), text('bandPrice', true), choice('bandMode', 'bandModes', ['STEP', 'PROPORTIONAL'], 100)] },
    text('rejectLimit', true), text('remark'),
    ...(editable ? [remove] : []),
  ];
}
