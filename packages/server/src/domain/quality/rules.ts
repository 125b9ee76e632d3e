import Decimal from 'decimal.js';
import { evaluateFormula, type Formula, formulaCodes, FormulaError, parseFormula } from './formula';

/**
 * The lab's rules, without the database: a format's lines and their formulas, a value the lab
 * enters against its item, the derived values, the final value after a recheck, and who may check.
 */

export interface FormatLine {
  itemId: string;
  code: string;
  /** null: entered by the lab */
  formula: string | null;
}

export interface LineProblem { row: number; field: string; message: string }

/**
 * A format's lines as a whole: every formula parses, names only items of the format and none
 * depends on itself (directly or through another derived item). Rows count from 1.
 */
export function checkFormatLines(lines: FormatLine[]): LineProblem[] {
  const problems: LineProblem[] = [];
  const codes = new Map(lines.map((l, i) => [l.code, i]));
  const reads = new Map<string, Set<string>>();
  lines.forEach((l, i) => {
    if (!l.formula) return;
    try {
      const used = formulaCodes(parseFormula(l.formula));
      const foreign = [...used].find((c) => !codes.has(c));
      if (foreign) problems.push({ row: i + 1, field: 'formula', message: `第${i + 1}行公式引用的化验项目 ${foreign} 不在本模板中` });
      else reads.set(l.code, used);
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      problems.push({ row: i + 1, field: 'formula', message: `第${i + 1}行公式错误: ${e.message}` });
    }
  });
  if (problems.length) return problems;
  const cycle = lines.findIndex((l) => l.formula && reachesItself(l.code, reads));
  if (cycle >= 0) problems.push({ row: cycle + 1, field: 'formula', message: `第${cycle + 1}行公式循环引用了自己` });
  return problems;
}

function reachesItself(start: string, reads: Map<string, Set<string>>): boolean {
  const seen = new Set<string>();
  const stack = [...(reads.get(start) ?? [])];
  while (stack.length) {
    const c = stack.pop() as string;
    if (c === start) return true;
    if (seen.has(c)) continue;
    seen.add(c);
    stack.push(...(reads.get(c) ?? []));
  }
  return false;
}

/**
 * The derived items' values from the entered ones, each formula once its inputs are known (a
 * derived item may read another); one whose inputs are not all entered yet stays unknown.
 */
export function deriveValues(lines: FormatLine[], entered: ReadonlyMap<string, Decimal>): Map<string, Decimal> {
  const known = new Map(entered);
  const pending = lines.filter((l) => l.formula).map((l) => ({ code: l.code, f: parseFormula(l.formula as string) as Formula }));
  const derived = new Map<string, Decimal>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const p of [...pending]) {
      if (![...formulaCodes(p.f)].every((c) => known.has(c))) continue;
      const v = evaluateFormula(p.f, known);
      known.set(p.code, v);
      derived.set(p.code, v);
      pending.splice(pending.indexOf(p), 1);
      progress = true;
    }
  }
  return derived;
}

export interface ItemBounds { code: string; name: string; precisionDigits: number; minValue: string | null; maxValue: string | null }

/** A value the lab enters: within the item's decimals and valid range; null when it is fine. */
export function valueProblem(item: ItemBounds, value: string): string | null {
  const v = new Decimal(value);
  if (v.decimalPlaces() > item.precisionDigits) return `${item.name} 最多${item.precisionDigits}位小数`;
  if (item.minValue !== null && v.lessThan(item.minValue)) return `${item.name} 不能小于 ${new Decimal(item.minValue).toString()}`;
  if (item.maxValue !== null && v.greaterThan(item.maxValue)) return `${item.name} 不能大于 ${new Decimal(item.maxValue).toString()}`;
  return null;
}

export type RecheckMode = 'REPLACE' | 'AVERAGE';

/**
 * An item's final value after a recheck, as the format says (domain notes, Quality: the contract
 * says whether the recheck replaces the first result or the two are averaged). An item the
 * recheck left blank keeps its first value; the mean has 3 decimals.
 */
export function finalAfterRecheck(mode: RecheckMode, first: string | null, recheck: string | null): string | null {
  if (recheck === null) return first;
  if (mode === 'REPLACE' || first === null) return recheck;
  return new Decimal(first).plus(recheck).div(2).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString();
}

/** The check (审核) is a second person's: whoever entered a value of the round may not check it. */
export function checkerProblem(checkerId: string, enteredBy: readonly string[]): string | null {
  return enteredBy.includes(checkerId) ? '审核人不能是录入人，请由另一人审核' : null;
}

/**
 * The items a user may enter: those given to the user or to a role held in the company. A user
 * and roles with none given may enter none (an empty list grants nothing: the lab's duties are
 * assigned, never assumed).
 */
export function itemRefusal(allowed: ReadonlySet<string>, itemId: string, itemName: string): string | null {
  return allowed.has(itemId) ? null : `您没有录入化验项目 ${itemName} 的权限`;
}
