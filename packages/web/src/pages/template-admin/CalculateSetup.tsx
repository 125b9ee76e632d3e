import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import type { AdminField } from '@wb/protocol';
import { CalculationDialog } from '@/platform/templates/widgets/calculation/CalculationDialog';
import { calculationOf } from '@/platform/templates/widgets/calculation/calculation';
import { useAdminTexts } from './texts';

interface Props {
  value?: string | null;
  onChange?(value: string | null): void;
  /** the field being set up: it is no operand of its own formula */
  field: AdminField;
  /** every field of the template: the main table's numbers are the operands, a child table's numbers can be summed */
  siblings: AdminField[];
}

const label = (f: AdminField) => `${f.fieldExplain} (${f.fieldName})`;
const isNumber = (f: AdminField) => f.fieldType === 'NUMBER';

/** The tables a sum may run over: each child table of a master-child form with its numeric fields. */
function childTables(siblings: AdminField[]) {
  const byTable = new Map<string, AdminField[]>();
  for (const f of siblings) if (f.customTable && isNumber(f)) byTable.set(f.customTable, [...(byTable.get(f.customTable) ?? []), f]);
  return [...byTable].map(([table, fields]) => ({ value: table, label: table, fields: fields.map((f) => ({ value: f.fieldName, label: label(f) })) }));
}

/**
 * A CALCULATE field's `calculate` property as a form control: the formula as text, set up in the
 * 计算方式 dialog (an ordered expression over the form's fields, or a sum over a chosen table).
 */
export function CalculateSetup({ value, onChange, field, siblings }: Props) {
  const tx = useAdminTexts();
  const [open, setOpen] = useState(false);
  const operands = siblings.filter((f) => f.id !== field.id && !f.customTable && isNumber(f)).map((f) => ({ value: f.fieldName, label: label(f) }));
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={value ?? ''} readOnly placeholder={tx.field.calculateNone} data-testid="dt-calculate" />
      <Button onClick={() => setOpen(true)} data-testid="dt-calculate-setup">{tx.field.calculateSetup}</Button>
      <Button onClick={() => onChange?.(null)} disabled={!value}>{tx.remove}</Button>
      {open && (
        <CalculationDialog
          open
          operands={operands}
          tables={childTables(siblings)}
          initial={calculationOf(value)}
          onCancel={() => setOpen(false)}
          onSubmit={(formula) => {
            onChange?.(formula);
            setOpen(false);
          }}
        />
      )}
    </Space.Compact>
  );
}
