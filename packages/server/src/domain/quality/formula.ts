import Decimal from 'decimal.js';

/**
 * A format's formula for a derived item (dry basis = as received x 100 / (100 - Mt)): the spec's
 * calculation operators + - * / with parentheses and unary minus, numbers, and item codes as
 * variables. An item code is written in brackets, [001], since the seeded codes are digits; a code
 * that starts with a letter (Mt, St_d) may also be written bare. Division by zero gives 0 and the
 * result has 3 decimals, as every calculation of the product.
 *
 * A small recursive-descent parser over decimal.js: no eval, no floats.
 */
export type Formula =
  | { kind: 'num'; value: Decimal }
  | { kind: 'var'; code: string }
  | { kind: 'neg'; of: Formula }
  | { kind: 'op'; op: '+' | '-' | '*' | '/'; left: Formula; right: Formula };

export class FormulaError extends Error {}

type Token = { t: 'num'; v: string } | { t: 'var'; v: string } | { t: 'sym'; v: string };

const MAX_LENGTH = 500;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if ('+-*/()'.includes(c)) { tokens.push({ t: 'sym', v: c }); i++; continue; }
    if (c === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) throw new FormulaError(`第${i + 1}个字符的 [ 没有对应的 ]`);
      const code = text.slice(i + 1, end).trim();
      if (!code) throw new FormulaError(`第${i + 1}个字符的 [] 中没有化验项目编码`);
      tokens.push({ t: 'var', v: code });
      i = end + 1;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (num) { tokens.push({ t: 'num', v: num[0] }); i += num[0].length; continue; }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (name) { tokens.push({ t: 'var', v: name[0] }); i += name[0].length; continue; }
    throw new FormulaError(`第${i + 1}个字符 ${c} 不是可用的运算符`);
  }
  return tokens;
}

/** Reads a formula; a mistake throws FormulaError saying where. */
export function parseFormula(text: string): Formula {
  if (text.length > MAX_LENGTH) throw new FormulaError(`公式不能超过${MAX_LENGTH}个字符`);
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new FormulaError('公式为空');
  let pos = 0;
  const peek = () => tokens[pos];
  const isSym = (v: string) => peek()?.t === 'sym' && peek().v === v;

  function primary(): Formula {
    const tok = peek();
    if (!tok) throw new FormulaError('公式不完整');
    pos++;
    if (tok.t === 'num') return { kind: 'num', value: new Decimal(tok.v) };
    if (tok.t === 'var') return { kind: 'var', code: tok.v };
    if (tok.v === '-') return { kind: 'neg', of: primary() };
    if (tok.v === '+') return primary();
    if (tok.v === '(') {
      const inner = sum();
      if (!isSym(')')) throw new FormulaError('括号不匹配');
      pos++;
      return inner;
    }
    throw new FormulaError(`${tok.v} 的位置不对`);
  }
  function product(): Formula {
    let left = primary();
    while (isSym('*') || isSym('/')) {
      const op = peek().v as '*' | '/';
      pos++;
      left = { kind: 'op', op, left, right: primary() };
    }
    return left;
  }
  function sum(): Formula {
    let left = product();
    while (isSym('+') || isSym('-')) {
      const op = peek().v as '+' | '-';
      pos++;
      left = { kind: 'op', op, left, right: product() };
    }
    return left;
  }
  const tree = sum();
  if (pos < tokens.length) throw new FormulaError(`${tokens[pos].v} 的位置不对`);
  return tree;
}

/** The item codes a formula reads. */
export function formulaCodes(f: Formula, into = new Set<string>()): Set<string> {
  if (f.kind === 'var') into.add(f.code);
  if (f.kind === 'neg') formulaCodes(f.of, into);
  if (f.kind === 'op') { formulaCodes(f.left, into); formulaCodes(f.right, into); }
  return into;
}

function evaluate(f: Formula, values: ReadonlyMap<string, Decimal>): Decimal {
  switch (f.kind) {
    case 'num': return f.value;
    case 'var': {
      const v = values.get(f.code);
      if (v === undefined) throw new FormulaError(`缺少化验项目 ${f.code} 的值`);
      return v;
    }
    case 'neg': return evaluate(f.of, values).neg();
    case 'op': {
      const a = evaluate(f.left, values);
      const b = evaluate(f.right, values);
      if (f.op === '+') return a.plus(b);
      if (f.op === '-') return a.minus(b);
      if (f.op === '*') return a.times(b);
      // the product's rule: a division by zero gives 0, never an error or infinity
      return b.isZero() ? new Decimal(0) : a.div(b);
    }
  }
}

/** The formula's value over the items' values, to 3 decimals (half up). */
export function evaluateFormula(f: Formula, values: ReadonlyMap<string, Decimal>): Decimal {
  return evaluate(f, values).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
}

/** Parse and evaluate in one step (tests, the demo). */
export const computeFormula = (text: string, values: Record<string, string | number>): string =>
  evaluateFormula(parseFormula(text), new Map(Object.entries(values).map(([k, v]) => [k, new Decimal(v)]))).toFixed(3);
