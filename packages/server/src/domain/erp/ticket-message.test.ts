import { describe, expect, it } from 'vitest';
import { ticketMessage } from './ticket-message';

describe('the ERP message of a weigh ticket', () => {
  it('names parties and material by code, weights without the stored scale, times in ISO form', () => {
    const m = ticketMessage({
      ticket_no: 'CGBD202611220001', kind: 'pu', side: null, state: 'AUDITED', plate_number: '晋A12345', driver_name: '张三',
      material_code: 'YL001', material_name: '石灰石', vendor_code: 'GYS001', customer_code: null, warehouse_code: 'CK01', to_warehouse_code: null,
      notice_no: 'CGTZ202611210001', gross: '48.2000', gross_time: new Date('2026-11-22T01:00:00Z'), tare: '16.0000', tare_time: new Date('2026-11-22T01:40:00Z'),
      tare_source: 'WEIGHED', deduct_total: '0.5000', net: '31.7000', shipped_quantity: '32.0000', price: '58.5000', amount: '1854.45',
      manual: false, completed_at: new Date('2026-11-22T01:40:00Z'), deductions: [{ kind: 'WATER', mode: 'AMOUNT', value: '0.5000', amount: '0.5000' }],
    });
    expect(m).toMatchObject({
      ticketNo: 'CGBD202611220001', materialCode: 'YL001', vendorCode: 'GYS001', gross: '48.2', tare: '16', net: '31.7', deductTotal: '0.5',
      grossTime: '2026-11-22T01:00:00.000Z', price: '58.5', amount: '1854.45', deductions: [{ kind: 'WATER', mode: 'AMOUNT', value: '0.5', amount: '0.5' }],
    });
  });
});
