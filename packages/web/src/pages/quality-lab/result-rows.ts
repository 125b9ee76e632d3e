import { toDecimal } from '@wb/protocol';
import type { LabLine, LabSample, ResultValue } from './api';

/**
 * The entry table's rules, apart from the screen: which round is entered, what a cell holds, the
 * same bounds the server checks (rules.ts valueProblem: decimals, range), and the body of the
 * values that changed, each with the version it was read at.
 */
export const roundOf = (line: LabLine, round: number) => (round === 2 ? line.recheck : line.first);

export const editable = (line: LabLine) => line.mayEnter && !line.formula;

/** The typed text of each editable line, as read (empty where no value yet). */
export function draftOf(sample: LabSample): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const line of sample.lines) if (editable(line)) draft[line.itemId] = roundOf(line, sample.round)?.value ?? '';
  return draft;
}

export function rangeText(line: Pick<LabLine, 'minValue' | 'maxValue'>): string {
  if (line.minValue === null && line.maxValue === null) return '';
  const bound = (v: string | null) => (v === null ? '' : toDecimal(v)?.toString() ?? v);
  return `${bound(line.minValue)} ~ ${bound(line.maxValue)}`;
}

/** The problem of one typed value, worded as the server words it; null when it may be saved. */
export function cellProblem(line: LabLine, text: string): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(typed)) return `${line.itemName} 应为数字`;
  const v = toDecimal(typed);
  if (!v) return `${line.itemName} 应为数字`;
  if (v.decimalPlaces() > line.precisionDigits) return `${line.itemName} 最多${line.precisionDigits}位小数`;
  // out of range says the range, not only a red cell
  const range = `（有效范围 ${rangeText(line)}）`;
  if (line.minValue !== null && v.lessThan(line.minValue)) return `${line.itemName} 不能小于 ${toDecimal(line.minValue)?.toString()}${range}`;
  if (line.maxValue !== null && v.greaterThan(line.maxValue)) return `${line.itemName} 不能大于 ${toDecimal(line.maxValue)?.toString()}${range}`;
  return null;
}

/** The values that differ from what was read (a cleared cell sends null), with their versions. */
export function changedValues(sample: LabSample, draft: Record<string, string>): ResultValue[] {
  const out: ResultValue[] = [];
  for (const line of sample.lines) {
    if (!editable(line) || !(line.itemId in draft)) continue;
    const read = roundOf(line, sample.round);
    const typed = draft[line.itemId].trim();
    const before = read?.value ?? null;
    const after = typed === '' ? null : typed;
    if (after === before || (after !== null && before !== null && toDecimal(after)?.equals(before) === true)) continue;
    out.push({ itemId: line.itemId, value: after, version: read?.version ?? 0 });
  }
  return out;
}
