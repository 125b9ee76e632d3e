import { describe, expect, it } from 'vitest';
import { amountInWords, arithmetic, checkCurrency, columnSum, evaluateExpression, expressionFields, MONEY_MESSAGES, ticketAmount, ticketUnitPrice } from './money';

describe('currency', () => {
  it('accepts amounts below 1e15 with up to 4 decimals', () => {
    expect(checkCurrency('999999999999999.9999')).toBeNull();
    expect(checkCurrency(12.5)).toBeNull();
    expect(checkCurrency('-3.1234')).toBeNull();
  });
  it('refuses values of 1e15 and more', () => {
    expect(checkCurrency('1000000000000000')).toBe(MONEY_MESSAGES.tooLarge);
    expect(checkCurrency(1e16)).toBe(MONEY_MESSAGES.tooLarge);
  });
  it('refuses a fifth decimal', () => {
    expect(checkCurrency('1.23456')).toBe(MONEY_MESSAGES.tooManyDecimals);
  });
  it('refuses text that is not a number, and lets an empty value through', () => {
    expect(checkCurrency('12a')).toBe(MONEY_MESSAGES.notNumber);
    expect(checkCurrency('')).toBeNull();
    expect(checkCurrency(null)).toBeNull();
  });
});

describe('arithmetic', () => {
  it('rounds results to 3 decimals', () => {
    expect(arithmetic(10, '/', 3)).toBe(3.333);
    expect(arithmetic('0.1', '+', '0.2')).toBe(0.3);
    expect(arithmetic(2.0005, '*', 1)).toBe(2.001);
  });
  it('gives 0 for a division by zero', () => {
    expect(arithmetic(5, '/', 0)).toBe(0);
  });
  it('gives 0 for non-numeric or infinite operands', () => {
    expect(arithmetic('abc', '+', 1)).toBe(0);
    expect(arithmetic(Infinity, '*', 2)).toBe(0);
    expect(arithmetic(null, '-', 2)).toBe(0);
  });
});

describe('expressions', () => {
  const values: Record<string, unknown> = { price: '12.5', quantity: 3, rate: 13, empty: '' };
  const valueOf = (n: string) => values[n];
  it('reads field names, + - * / and parentheses with the usual precedence', () => {
    expect(evaluateExpression('price*quantity', valueOf)).toBe(37.5);
    expect(evaluateExpression('{price} * {quantity} / (1 + rate / 100)', valueOf)).toBe(33.186);
    expect(evaluateExpression('-price + 2 * 3', valueOf)).toBe(-6.5);
  });
  it('gives 0 for a division by zero, an empty operand or a malformed expression', () => {
    expect(evaluateExpression('price / (quantity - 3)', valueOf)).toBe(0);
    expect(evaluateExpression('price * empty', valueOf)).toBe(0);
    expect(evaluateExpression('price * (quantity', valueOf)).toBe(0);
    expect(evaluateExpression('price $ 2', valueOf)).toBe(0);
    expect(evaluateExpression('', valueOf)).toBe(0);
  });
  it('lists the fields an expression reads', () => {
    expect(expressionFields('{price} * quantity / (1 + rate)')).toEqual(['price', 'quantity', 'rate']);
  });
});

describe('column sums', () => {
  it('scale by 1000 before adding so decimals add up exactly', () => {
    expect(columnSum([0.1, 0.2])).toBe(0.3);
    expect(columnSum(['1.001', '2.002', 3])).toBe(6.003);
  });
  it('count empty cells and text as 0, and give 0 for no rows', () => {
    expect(columnSum([null, '', 'x', 2])).toBe(2);
    expect(columnSum([])).toBe(0);
  });
});

describe('amount in words', () => {
  it('ends a whole amount with 整', () => {
    expect(amountInWords(100)).toBe('壹佰元整');
    expect(amountInWords(0)).toBe('零元整');
  });
  it('writes zeros between digits once', () => {
    expect(amountInWords(1005)).toBe('壹仟零伍元整');
    expect(amountInWords(100000001)).toBe('壹亿零壹元整');
  });
  it('spells up to 4 decimals', () => {
    expect(amountInWords('1.05')).toBe('壹元零伍分');
    expect(amountInWords('12.3456')).toBe('壹拾贰元叁角肆分伍厘陆毫');
    expect(amountInWords('0.5')).toBe('伍角');
  });
  it('refuses what checkCurrency refuses', () => {
    expect(amountInWords('1e15')).toBeNull();
  });
});

describe('ticket money', () => {
  it('keeps a unit price to the company decimals, at most 4, rounding half up', () => {
    expect(ticketUnitPrice('12.34567', 6).toFixed()).toBe('12.3457');
    expect(ticketUnitPrice('12.345', 2).toFixed()).toBe('12.35');
  });
  it('rounds an amount half up to the money decimals, never through a float', () => {
    expect(ticketAmount('24.2', '10.005', 2).toFixed()).toBe('242.12');
    expect(ticketAmount('0.1', '0.35', 2).toFixed()).toBe('0.04');
    expect(ticketAmount('25', '12.5', 0).toFixed()).toBe('313');
  });
});
