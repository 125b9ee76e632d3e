import { describe, expect, it } from 'vitest';
import { amountInWords, arithmetic, ceilingProblem, checkCurrency, columnSum, evaluateExpression, expressionFields, isCents, MONEY_MESSAGES, payAmount, payTax, payTotal, ticketAmount, ticketUnitPrice } from './money';
import { columnNumber, PAY_COLUMN } from './numeric';

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

describe('money paid, in cents', () => {
  it('rounds an amount a party pays once to the cent by the plant\'s rule, half up by default', () => {
    expect(payAmount('1101.375').toFixed()).toBe('1101.38');
    expect(payAmount('1101.375', 'halfEven').toFixed()).toBe('1101.38');
    expect(payAmount('1101.365', 'halfEven').toFixed()).toBe('1101.36');
    expect(payAmount('1101.379', 'down').toFixed()).toBe('1101.37');
    expect(payAmount('-0.005').toFixed()).toBe('-0.01');
    expect(isCents('1101.38')).toBe(true);
    expect(isCents('1101.375')).toBe(false);
  });

  it('figures the tax in an amount as amount x rate / (100 + rate), to the cent once, the two adding up', () => {
    const { tax, amountExTax } = payTax('88888.89', '13');
    expect([tax.toFixed(), amountExTax.toFixed()]).toEqual(['10226.16', '78662.73']);
    expect(payTax('100', '0').tax.toFixed()).toBe('0');
    expect(payTax('100', null).amountExTax.toFixed()).toBe('100');
  });

  it('rounds a total once and says what the rounding added, so rows + rounding = the total', () => {
    const { total, rounding } = payTotal({ amount: '1101.375', tax: '90.939', amountExTax: '1010.436' });
    expect([total.amount.toFixed(), total.tax.toFixed(), total.amountExTax.toFixed()]).toEqual(['1101.38', '90.94', '1010.44']);
    expect([rounding.amount.toFixed(), rounding.tax.toFixed(), rounding.amountExTax.toFixed()]).toEqual(['0.005', '0.001', '0.004']);
  });

  it('refuses an amount beyond its document\'s ceiling, naming the ceiling', () => {
    expect(ceilingProblem('收款金额', '收款单', '100000000', 100_000_000)).toBeNull();
    expect(ceilingProblem('收款金额', '收款单', '1000000000000', 100_000_000)).toBe('收款金额 1,000,000,000,000.00 超过收款单的上限 100,000,000.00 元，请核对');
    expect(ceilingProblem('调整金额', '调整行', '-20000000', 10_000_000)).toBe('调整金额 -20,000,000.00 超过调整行的上限 10,000,000.00 元，请核对');
  });

  it('takes money paid on the wire to the cent and refuses a third decimal, never rounding it', () => {
    const schema = columnNumber({ ...PAY_COLUMN, label: '付款金额', min: 0 });
    expect(schema.parse('1101.38')).toBe('1101.38');
    expect(schema.safeParse('1101.375').error?.issues[0].message).toBe('付款金额最多2位小数');
    expect(schema.safeParse(1101.375).error?.issues[0].message).toBe('付款金额最多2位小数');
  });
});
