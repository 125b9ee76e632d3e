import { describe, expect, it } from 'vitest';
import { ticketAmount } from './money';

describe('ticketAmount', () => {
  it('is net times price at the money precision', () => {
    expect(ticketAmount('12.345', '100', 2).toFixed()).toBe('1234.5');
    expect(ticketAmount('30.12', '415.5', 2).toFixed(2)).toBe('12514.86');
  });

  it('rounds a half cent up, never to even', () => {
    expect(ticketAmount('0.125', '1', 2).toFixed()).toBe('0.13');
    expect(ticketAmount('0.135', '1', 2).toFixed()).toBe('0.14');
    expect(ticketAmount('2.5', '1', 0).toFixed()).toBe('3');
  });

  it('keeps the sign of a returned ticket\'s negative weight away from zero', () => {
    expect(ticketAmount('-0.125', '1', 2).toFixed()).toBe('-0.13');
  });
});
