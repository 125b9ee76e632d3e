import { describe, expect, it } from 'vitest';
import { ticketMovements, type PostableTicket } from './movements';

const ticket = (over: Partial<PostableTicket>): PostableTicket => ({
  ticketNo: 'BD1', kind: 'pu', side: null, firstIs: 'GROSS', warehouseId: '1', toWarehouseId: null, materialId: '7', net: '30.5', ...over,
});
const moves = (over: Partial<PostableTicket>) => {
  const d = ticketMovements(ticket(over));
  if (!d.ok) throw new Error(d.message);
  return d.movements.map((m) => `${m.direction} ${m.warehouseId}`);
};

describe('the stock movements of a posted ticket', () => {
  it('puts a purchase and a production ticket IN to their warehouse, with the net as quantity', () => {
    expect(ticketMovements(ticket({ kind: 'pu' }))).toEqual({ ok: true, movements: [{ direction: 'IN', warehouseId: '1', materialId: '7', quantity: '30.5' }] });
    expect(moves({ kind: 'pr', firstIs: 'TARE' })).toEqual(['IN 1']);
  });

  it('takes a sales ticket OUT of its warehouse', () => {
    expect(moves({ kind: 'sa', firstIs: 'TARE' })).toEqual(['OUT 1']);
  });

  it('posts each end of an allot on its own side and refuses an allot ticket without a side', () => {
    expect(moves({ kind: 'al', side: 'DISPATCH' })).toEqual(['OUT 1']);
    expect(moves({ kind: 'al', side: 'RECEIVE' })).toEqual(['IN 1']);
    expect(ticketMovements(ticket({ kind: 'al' }))).toMatchObject({ ok: false, field: 'side' });
  });

  it('moves a one-ticket transfer OUT of its warehouse and IN to its destination', () => {
    expect(moves({ kind: 'tr', toWarehouseId: '2' })).toEqual(['OUT 1', 'IN 2']);
    expect(ticketMovements(ticket({ kind: 'tr' }))).toMatchObject({ ok: false, field: 'toWarehouseId', message: '磅单 BD1 没有目的仓库，不能记账' });
    expect(ticketMovements(ticket({ kind: 'tr', toWarehouseId: '1' }))).toMatchObject({ ok: false, field: 'toWarehouseId' });
  });

  it('posts the two ends of a weighed-twice transfer: OUT at dispatch, IN to the destination at receipt', () => {
    expect(moves({ kind: 'tr', side: 'DISPATCH', toWarehouseId: '2' })).toEqual(['OUT 1']);
    expect(moves({ kind: 'tr', side: 'RECEIVE', toWarehouseId: '2' })).toEqual(['IN 2']);
    expect(moves({ kind: 'tr', side: 'RECEIVE' })).toEqual(['IN 1']);
  });

  it('decides other weighings by the way the truck came: loaded is IN, empty is OUT', () => {
    expect(moves({ kind: 'st', firstIs: 'GROSS' })).toEqual(['IN 1']);
    expect(moves({ kind: 'pt', firstIs: 'TARE' })).toEqual(['OUT 1']);
  });

  it('refuses a ticket without net, material or warehouse, naming the field', () => {
    expect(ticketMovements(ticket({ net: null }))).toEqual({ ok: false, field: 'net', message: '磅单 BD1 没有净重，不能记账' });
    expect(ticketMovements(ticket({ materialId: null }))).toMatchObject({ ok: false, field: 'materialId' });
    expect(ticketMovements(ticket({ warehouseId: null }))).toEqual({ ok: false, field: 'warehouseId', message: '磅单 BD1 没有仓库，不能记账' });
  });
});
