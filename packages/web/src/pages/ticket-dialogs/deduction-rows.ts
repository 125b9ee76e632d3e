import { TICKET_DEDUCTION_KINDS, type DeductBody } from '@wb/protocol';
import type { TicketDeductionRow } from './api';

/** The 扣重 dialog's rows: one per kind the deduct call takes, each an amount in tons or a rate in percent. */
export type DeductionKind = (typeof TICKET_DEDUCTION_KINDS)[number];
export interface DeductionInput { kind: DeductionKind; mode: 'amount' | 'rate'; value: string }

/** The ticket's own deductions filled in, the other kinds empty; the material's hidden one is not typed here. */
export function deductionInputs(stored: readonly TicketDeductionRow[]): DeductionInput[] {
  return TICKET_DEDUCTION_KINDS.map((kind) => {
    const row = stored.find((d) => d.kind.toLowerCase() === kind);
    if (!row) return { kind, mode: 'amount', value: '' };
    return { kind, mode: row.mode === 'RATE' ? 'rate' : 'amount', value: trimZeros(row.value) };
  });
}

/** The hidden deduction the ticket carries (tons), or null. */
export function hiddenDeduction(stored: readonly TicketDeductionRow[]): string | null {
  const row = stored.find((d) => d.kind.toUpperCase() === 'HIDDEN');
  return row ? trimZeros(row.amount) : null;
}

/** The deduct call's rows: the kinds with a value; an emptied kind is dropped, as the call replaces the list. */
export function deductionsBody(inputs: readonly DeductionInput[]): DeductBody['deductions'] {
  return inputs
    .filter((d) => d.value.trim() !== '')
    .map((d) => (d.mode === 'rate' ? { kind: d.kind, rate: d.value.trim() } : { kind: d.kind, amount: d.value.trim() }));
}

/** 0.3000 -> 0.3, as typed. */
export function trimZeros(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
