import Decimal from 'decimal.js';

/**
 * Money and form arithmetic (spec section 5): amounts stay below 1e15 with at most 4 decimals;
 * computed fields carry 3 decimals; a division by zero, a non-number or an infinite result gives
 * 0 rather than an error, so a half-filled form never shows NaN. Decimal, never binary floats.
 */

export const CURRENCY_LIMIT = new Decimal('1e15');
export const CURRENCY_DECIMALS = 4;
export const ARITHMETIC_DECIMALS = 3;

export const MONEY_MESSAGES = {
  notNumber: '金额格式错误!',
  tooLarge: '金额不能大于或等于1000万亿!',
  tooManyDecimals: '金额最多4位小数!',
} as const;

/** A finite Decimal from a typed or stored value, or null when it is not one. */
export function toDecimal(value: unknown): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string' && !Decimal.isDecimal(value)) return null;
  const text = typeof value === 'string' ? value.trim().replace(/,/g, '') : value;
  if (text === '') return null;
  try {
    const d = new Decimal(text as Decimal.Value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** null when the value is a valid amount (or empty: whether it may be empty is another rule). */
export function checkCurrency(value: unknown): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const d = toDecimal(value);
  if (!d) return MONEY_MESSAGES.notNumber;
  if (d.abs().gte(CURRENCY_LIMIT)) return MONEY_MESSAGES.tooLarge;
  if (d.decimalPlaces() > CURRENCY_DECIMALS) return MONEY_MESSAGES.tooManyDecimals;
  return null;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/';

/** One step of form arithmetic, to 3 decimals; bad operands and division by zero give 0. */
export function arithmetic(a: unknown, op: ArithmeticOperator, b: unknown): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!x || !y) return 0;
  if (op === '/' && y.isZero()) return 0;
  const r = op === '+' ? x.plus(y) : op === '-' ? x.minus(y) : op === '*' ? x.times(y) : x.dividedBy(y);
  return roundArithmetic(r);
}

function roundArithmetic(d: Decimal): number {
  if (!d.isFinite()) return 0;
  const n = d.toDecimalPlaces(ARITHMETIC_DECIMALS, Decimal.ROUND_HALF_UP).toNumber();
  return Number.isFinite(n) ? n : 0;
}

type Token = { kind: 'num'; value: Decimal } | { kind: 'op'; value: ArithmeticOperator } | { kind: 'paren'; value: '(' | ')' };

function tokenise(expression: string, valueOf: (name: string) => unknown): Token[] | null {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|\{?([A-Za-z_][A-Za-z0-9_.]*)\}?|([-+*/])|([()]))/y;
  let at = 0;
  while (at < expression.length) {
    if (/^\s+$/.test(expression.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(expression);
    if (!m) return null;
    at = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: new Decimal(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'num', value: toDecimal(valueOf(m[2])) ?? new Decimal(NaN) });
    else if (m[3] !== undefined) tokens.push({ kind: 'op', value: m[3] as ArithmeticOperator });
    else tokens.push({ kind: 'paren', value: m[4] as '(' | ')' });
  }
  return tokens;
}

/** A recursive-descent reading of + - * / and parentheses; null on a malformed expression. */
function evaluateTokens(tokens: Token[]): Decimal | null {
  let i = 0;
  const peek = () => tokens[i];
  const primary = (): Decimal | null => {
    const t = tokens[i++];
    if (!t) return null;
    if (t.kind === 'num') return t.value;
    if (t.kind === 'op' && t.value === '-') return primary()?.negated() ?? null;
    if (t.kind === 'paren' && t.value === '(') {
      const inner = sum();
      const close = tokens[i++];
      return close?.kind === 'paren' && close.value === ')' ? inner : null;
    }
    return null;
  };
  const product = (): Decimal | null => {
    let left = primary();
    while (left && peek()?.kind === 'op' && (peek().value === '*' || peek().value === '/')) {
      const op = tokens[i++].value;
      const right = primary();
      if (!right) return null;
      left = op === '*' ? left.times(right) : right.isZero() ? new Decimal(NaN) : left.dividedBy(right);
    }
    return left;
  };
  const sum = (): Decimal | null => {
    let left = product();
    while (left && peek()?.kind === 'op' && (peek().value === '+' || peek().value === '-')) {
      const op = tokens[i++].value;
      const right = product();
      if (!right) return null;
      left = op === '+' ? left.plus(right) : left.minus(right);
    }
    return left;
  };
  const result = sum();
  return i === tokens.length ? result : null;
}

/**
 * A calculated field's value: an expression of numbers and field names (optionally in braces)
 * with + - * / and parentheses, to 3 decimals. Empty, non-numeric operands, a division by zero
 * or a malformed expression give 0 (spec: "non-numeric or infinite becomes 0").
 */
export function evaluateExpression(expression: string, valueOf: (name: string) => unknown): number {
  const tokens = tokenise(expression, valueOf);
  if (!tokens || tokens.length === 0) return 0;
  const result = evaluateTokens(tokens);
  if (!result || result.isNaN()) return 0;
  return roundArithmetic(result);
}

/** The field names an expression reads, so a form recalculates only when one of them changes. */
export function expressionFields(expression: string): string[] {
  return [...new Set([...expression.matchAll(/[A-Za-z_][A-Za-z0-9_.]*/g)].map((m) => m[0]))];
}

/**
 * A table's 合计: each value scaled by 1000 and rounded before adding, then divided back, so
 * 0.1 + 0.2 is 0.3 (spec section 5). Empty cells and non-numbers count as 0; no rows give 0.
 */
export function columnSum(values: unknown[]): number {
  let thousandths = new Decimal(0);
  for (const v of values) {
    const d = toDecimal(v);
    if (d) thousandths = thousandths.plus(d.times(1000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP));
  }
  return thousandths.dividedBy(1000).toNumber();
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];

function fourDigits(n: number): string {
  let out = '';
  let zero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      zero = out !== '';
    } else {
      if (zero) out += '零';
      out += DIGITS[d] + SMALL_UNITS[pos];
      zero = false;
    }
  }
  return out;
}

/**
 * Upper-case Chinese amount (大写金额) as cheques and invoices write it, to 4 decimals (角 分 厘 毫);
 * a whole amount ends with 整. Null for a value checkCurrency refuses.
 */
export function amountInWords(value: unknown): string | null {
  if (checkCurrency(value) !== null) return null;
  const d = toDecimal(value);
  if (!d) return null;
  const negative = d.isNegative() && !d.isZero();
  const [intText, fracText = ''] = d.abs().toFixed(4).split('.');
  let integer = '';
  const groups: number[] = [];
  for (let end = intText.length; end > 0; end -= 4) groups.unshift(Number(intText.slice(Math.max(0, end - 4), end)));
  let pendingZero = false;
  groups.forEach((g, idx) => {
    const unit = BIG_UNITS[groups.length - 1 - idx];
    if (g === 0) {
      pendingZero = integer !== '';
      return;
    }
    if (integer !== '' && (pendingZero || g < 1000)) integer += '零';
    integer += fourDigits(g) + unit;
    pendingZero = false;
  });
  let fraction = '';
  for (let k = 0; k < 4; k++) {
    const digit = Number(fracText[k] ?? '0');
    if (digit !== 0) fraction += DIGITS[digit] + FRACTION_UNITS[k];
    else if (fraction !== '' && !fraction.endsWith('零') && /[1-9]/.test(fracText.slice(k + 1))) fraction += '零';
  }
  if (integer === '' && fraction === '') return '零元整';
  const yuan = integer === '' ? '' : `${integer}元`;
  const words = fraction === '' ? `${yuan}整` : (integer !== '' && fracText[0] === '0' ? `${yuan}零${fraction}` : `${yuan}${fraction}`);
  return (negative ? '负' : '') + words;
}

/**
 * An amount as money is shown (the receipt form's taxAmout tooltip, spec section 2): yuan sign,
 * thousands separators and 2 decimals, 12345.6 -> ¥12,345.60. Null for a value checkCurrency refuses.
 */
export function moneyFormatted(value: unknown): string | null {
  if (checkCurrency(value) !== null) return null;
  const d = toDecimal(value);
  if (!d) return null;
  const fixed = d.abs().toFixed(2, Decimal.ROUND_HALF_UP);
  const [whole, cents] = fixed.split('.');
  const sign = d.isNegative() && !d.isZero() && fixed !== '0.00' ? '-' : '';
  return `${sign}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * A ticket's unit price as it is kept: rounded half up to the company's unit price decimals
 * (parameter unitPricePrecision), never more than the 4 the database stores.
 */
export function ticketUnitPrice(price: Decimal.Value, unitPriceDecimals: number): Decimal {
  return new Decimal(price).toDecimalPlaces(Math.min(unitPriceDecimals, CURRENCY_DECIMALS), Decimal.ROUND_HALF_UP);
}

/** A ticket's amount: its net times its unit price, rounded half up to the company's money decimals (parameter moneyPrecision). */
export function ticketAmount(net: Decimal.Value, price: Decimal.Value, moneyDecimals: number): Decimal {
  return new Decimal(net).mul(price).toDecimalPlaces(moneyDecimals, Decimal.ROUND_HALF_UP);
}

/**
 * How the plant rounds an amount a party pays or is paid to the cent (parameter payRounding):
 * halfUp 四舍五入 (the default), halfEven 银行家舍入 (a half goes to the even cent), down 舍去 (towards zero).
 */
export const PAY_ROUNDINGS = ['halfUp', 'halfEven', 'down'] as const;
export type PayRounding = (typeof PAY_ROUNDINGS)[number];
/** Money paid is kept in cents: 2 decimals. */
export const PAY_DECIMALS = 2;
const PAY_MODE: Record<PayRounding, Decimal.Rounding> = { halfUp: Decimal.ROUND_HALF_UP, halfEven: Decimal.ROUND_HALF_EVEN, down: Decimal.ROUND_DOWN };

/**
 * An amount a party pays or is paid (a settlement's total, a payment, an invoice, a receipt, a
 * refund, a credit line, a ledger movement): in cents, rounded once by the plant's rule. A unit price
 * or a ticket's amount is not one: they keep their own precision (ticketUnitPrice, ticketAmount).
 */
export function payAmount(value: Decimal.Value, rule: PayRounding = 'halfUp'): Decimal {
  return new Decimal(value).toDecimalPlaces(PAY_DECIMALS, PAY_MODE[rule] ?? Decimal.ROUND_HALF_UP);
}

/** True when the value is already in cents (no third decimal). */
export const isCents = (value: Decimal.Value): boolean => new Decimal(value).decimalPlaces() <= PAY_DECIMALS;

/**
 * The tax inside an amount paid at a rate in percent: amount x rate / (100 + rate), rounded to cents
 * once; the amount without tax is the rest, so the two add up to the amount exactly.
 */
export function payTax(amount: Decimal.Value, ratePercent: Decimal.Value | null, rule: PayRounding = 'halfUp'): { tax: Decimal; amountExTax: Decimal } {
  const a = new Decimal(amount);
  const rate = new Decimal(ratePercent ?? 0);
  const tax = rate.isZero() ? new Decimal(0) : payAmount(a.times(rate).div(rate.plus(100)), rule);
  return { tax, amountExTax: a.minus(tax) };
}

/** A document's figures: its amount, the tax in it and the amount without tax. */
export interface PayFigures { amount: Decimal; tax: Decimal; amountExTax: Decimal }

/**
 * A document's total rounded once: the exact sums of its rows (which keep the precision they were
 * computed at) to cents by the rule, the tax likewise, the amount without tax the rest; `rounding`
 * is what the rounding added (the document's rounding row), so rows + rounding = the total exactly.
 */
export function payTotal(exact: { amount: Decimal.Value; tax: Decimal.Value; amountExTax: Decimal.Value }, rule: PayRounding = 'halfUp'): { total: PayFigures; rounding: PayFigures } {
  const amount = payAmount(exact.amount, rule);
  const tax = payAmount(exact.tax, rule);
  const total = { amount, tax, amountExTax: amount.minus(tax) };
  return {
    total,
    rounding: { amount: amount.minus(exact.amount), tax: tax.minus(exact.tax), amountExTax: total.amountExTax.minus(exact.amountExTax) },
  };
}

/** The kinds of document whose amounts have a plausible ceiling (parameters receiptCeiling, ...). */
export type CeilingKind = 'receipt' | 'refund' | 'credit' | 'payment' | 'invoice' | 'adjust';

/**
 * Null when the amount is within the document's ceiling (yuan, a parameter); else the message
 * naming the ceiling: 金额 1,000,000,000,000.00 超过收款单的上限 100,000,000.00 元，请核对. An
 * adjustment is signed: its size counts.
 */
export function ceilingProblem(label: string, document: string, amount: Decimal.Value, ceiling: number): string | null {
  const a = new Decimal(amount).abs();
  if (a.lte(ceiling)) return null;
  const shown = (v: Decimal.Value) => (moneyFormatted(v) ?? new Decimal(v).toFixed(2)).replace('¥', '');
  return `${label} ${shown(amount)} 超过${document}的上限 ${shown(ceiling)} 元，请核对`;
}
