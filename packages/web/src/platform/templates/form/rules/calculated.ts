import { columnSum, evaluateExpression } from '@wb/protocol';

const SUM_FORMULA = /^SUM\(([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\)$/;

/**
 * A CALCULATE field's value (spec: calculation set-up): SUM(table.field) totals that column of the
 * form's child table as the 合计 row does (SUM(table) counts its rows); any other formula is an
 * expression over the form's fields (+ - * / and parentheses, 3 decimals, 0 when it cannot be read).
 */
export function calculatedValue(
  formula: string,
  valueOf: (name: string) => unknown,
  childRows: Readonly<Record<string, readonly Record<string, unknown>[]>> = {},
): number {
  const sum = SUM_FORMULA.exec(formula.trim());
  if (!sum) return evaluateExpression(formula, valueOf);
  const rows = childRows[sum[1]] ?? [];
  return sum[2] ? columnSum(rows.map((r) => r[sum[2]])) : rows.length;
}
