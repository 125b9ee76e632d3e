import { describe, expect, it } from 'vitest';
import {
  availableOf, decideFreeze, recorderAuditProblem, decideWithdrawal, freezeAmountOf, moneyText, receiptDelta, receiptLedgerKind, shortfallMessage, shortfallOf, statementClosing, taxOf,
} from './rules';

describe('the account', () => {
  it('makes available audited receipts plus valid credit minus consumed minus frozen', () => {
    expect(availableOf({ received: '10000', credit: '5000.5', consumed: '3000.25', frozen: '1200' }).toFixed()).toBe('10800.25');
  });

  it('keeps four-decimal money exact where binary floats would not', () => {
    expect(availableOf({ received: '0.1', credit: '0.2', consumed: '0', frozen: '0.3' }).toFixed()).toBe('0');
  });

  it('names no shortfall when the available covers the need', () => {
    expect(shortfallOf('100', '100').toFixed()).toBe('0');
    expect(shortfallOf('100.5', '100').toFixed()).toBe('0.5');
    expect(shortfallOf('10', '-5').toFixed()).toBe('15');
  });
});

describe('money as the messages show it', () => {
  it('writes yuan with thousands separators and two decimals', () => {
    expect(moneyText('12345.6')).toBe('12,345.60');
    expect(moneyText('1234567.005')).toBe('1,234,567.01');
    expect(moneyText('0')).toBe('0.00');
    expect(moneyText('-8000')).toBe('-8,000.00');
    expect(moneyText('999')).toBe('999.00');
  });

  it('names the customer, the need, the available and the difference', () => {
    expect(shortfallMessage('华东建材', '12000', '8000')).toBe('客户 华东建材 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元');
  });
});

describe('the freeze of a sales registry', () => {
  it('freezes pre-load times the unit price, in cents by the plant\'s rule', () => {
    expect(freezeAmountOf('30', '400').toFixed()).toBe('12000');
    // 12.3456 x 3.3333 = 41.15158...: money held is in cents
    expect(freezeAmountOf('12.3456', '3.3333').toFixed()).toBe('41.15');
    expect(freezeAmountOf('10', '0.0005').toFixed()).toBe('0.01');
    expect(freezeAmountOf('10', '0.0005', 'down').toFixed()).toBe('0');
  });

  it('freezes nothing without a price or a pre-load', () => {
    expect(freezeAmountOf(null, '400').toFixed()).toBe('0');
    expect(freezeAmountOf('30', null).toFixed()).toBe('0');
  });

  it('refuses under FORBID with the shortfall named', () => {
    expect(decideFreeze('FORBID', '华东建材', '12000', '8000')).toEqual({ ok: false, message: '客户 华东建材 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元' });
  });

  it('lets it go under WARN with the shortfall as a warning', () => {
    expect(decideFreeze('WARN', '华东建材', '12000', '8000')).toEqual({ ok: true, warning: '客户 华东建材 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元' });
  });

  it('lets everything go under NONE, and a covered need under any control', () => {
    expect(decideFreeze('NONE', 'X', '12000', '0')).toEqual({ ok: true, warning: null });
    expect(decideFreeze('FORBID', 'X', '8000', '8000')).toEqual({ ok: true, warning: null });
    expect(decideFreeze('FORBID', 'X', '0', '-100')).toEqual({ ok: true, warning: null });
  });
});

describe('receipts and refunds', () => {
  it('moves the balance up on a receipt audited and a refund withdrawn, down on the others', () => {
    expect(receiptDelta('RECEIPT', 'audit', '100').toFixed()).toBe('100');
    expect(receiptDelta('RECEIPT', 'unaudit', '100').toFixed()).toBe('-100');
    expect(receiptDelta('REFUND', 'audit', '100').toFixed()).toBe('-100');
    expect(receiptDelta('REFUND', 'unaudit', '100').toFixed()).toBe('100');
    expect(receiptLedgerKind('REFUND', 'unaudit')).toBe('REFUND_WITHDRAWN');
  });

  it('never takes out more than is available', () => {
    expect(decideWithdrawal('华东建材', '500', '500')).toBeNull();
    expect(decideWithdrawal('华东建材', '500.01', '500')).toBe('客户 华东建材 可用余额不足：需 500.01 元，可用 500.00 元，差 0.01 元');
  });

  it('figures the tax included at a rate', () => {
    expect(taxOf('11300', '13').toFixed()).toBe('1300');
    // 100 x 13 / 113 = 11.5044...: to the cent, once
    expect(taxOf('100', '13').toFixed()).toBe('11.5');
    expect(taxOf('88888.89', '13').toFixed()).toBe('10226.16');
    expect(taxOf('88888.89', '13', 'down').toFixed()).toBe('10226.15');
    expect(taxOf('100', null).toFixed()).toBe('0');
  });
});

describe('the statement', () => {
  it('closes at opening plus receipts minus consumed, exactly', () => {
    expect(statementClosing('1000', '4800', '999.9999', '4800.0001').toFixed()).toBe('4800.0001');
    expect(statementClosing('0.1', '0.2', '0', '0.3').toFixed()).toBe('0.3');
  });

  it('closes at the opening when nothing moved', () => {
    expect(statementClosing('-12.5', '0', '0', null).toFixed()).toBe('-12.5');
  });

  it('refuses figures that do not add up', () => {
    expect(() => statementClosing('1000', '4800', '1000', '4800.0001')).toThrow('对账单不平');
  });
});

describe('the recorder is not the auditor', () => {
  it('refuses the audit by whoever recorded the receipt, lets another user or an approval flow decide', () => {
    expect(recorderAuditProblem('5', '5')).toBe('审核人不能是录入人，请由另一人审核');
    expect(recorderAuditProblem('7', '5')).toBeNull();
    expect(recorderAuditProblem('5', '5', true)).toBeNull();
    // a recorder whose account was removed (created_by set null) names nobody
    expect(recorderAuditProblem('5', null)).toBeNull();
  });
});
