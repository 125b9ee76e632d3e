import { evaluateExpression } from '@wb/protocol';

/**
 * The calculation set-up (spec sections 2, 4: 计算方式): either an ordered expression of operands
 * and operators, or the sum of a field over a chosen table.
 */
export type CalcOperator = '+' | '-' | '*' | '/' | '(' | ')';
export const CALC_OPERATORS: CalcOperator[] = ['+', '-', '*', '/', '(', ')'];

/** One step: an operand (a field name or a number) or an operator, in order. */
export interface CalcStep {
  key: string;
  kind: 'operand' | 'operator';
  value: string;
}

export type Calculation =
  | { mode: 'expression'; steps: CalcStep[] }
  | { mode: 'sum'; table: string | null; field: string | null };

export const CALC_MESSAGES = {
  chooseTable: '请选择合计表！',
  selectOne: '最少要选择一条数据！',
  clearConfirm: '此操作将删除所有数据, 是否继续?',
  cleared: '删除成功!',
  clearCancelled: '已取消删除',
  badExpression: '计算公式不完整',
} as const;

/** The expression text the steps make: 'price * quantity / ( 1 + rate )'. */
export function expressionText(steps: CalcStep[]): string {
  return steps.map((s) => s.value.trim()).filter(Boolean).join(' ');
}

/** True when the steps read as an expression (every operand a name or number, operators between). */
export function isCompleteExpression(steps: CalcStep[]): boolean {
  const text = expressionText(steps);
  if (!text) return false;
  // every name read as 1: a malformed expression evaluates to 0, a well-formed one to exactly 1
  const probe = evaluateExpression(`(${text}) * 0 + 1`, () => 1);
  return probe === 1;
}

/** What the dialog submits: the expression, or SUM(table.field); null with the message that stops it. */
export function submitCalculation(calc: Calculation): { formula: string } | { problem: string } {
  if (calc.mode === 'sum') {
    if (!calc.table) return { problem: CALC_MESSAGES.chooseTable };
    return { formula: calc.field ? `SUM(${calc.table}.${calc.field})` : `SUM(${calc.table})` };
  }
  if (!isCompleteExpression(calc.steps)) return { problem: CALC_MESSAGES.badExpression };
  return { formula: expressionText(calc.steps) };
}

let counter = 0;
export const newStep = (kind: CalcStep['kind'], value = ''): CalcStep => ({ key: `step-${counter++}`, kind, value });

/** Steps with the chosen ones removed; the caller has checked something was chosen. */
export function removeSteps(steps: CalcStep[], keys: string[]): CalcStep[] {
  return steps.filter((s) => !keys.includes(s.key));
}

const SUM_FORMULA = /^SUM\(([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\)$/;

/** A stored formula read back into the dialog's set-up: SUM(table.field), or the expression's steps in order. */
export function calculationOf(formula: string | null | undefined): Calculation {
  const text = (formula ?? '').trim();
  const sum = SUM_FORMULA.exec(text);
  if (sum) return { mode: 'sum', table: sum[1], field: sum[2] ?? null };
  const tokens = text.match(/[A-Za-z_][A-Za-z0-9_.]*|\d+(?:\.\d+)?|[-+*/()]/g) ?? [];
  return { mode: 'expression', steps: tokens.map((tk) => newStep(/^[-+*/()]$/.test(tk) ? 'operator' : 'operand', tk)) };
}
