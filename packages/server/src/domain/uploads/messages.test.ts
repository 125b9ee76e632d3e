import { describe, expect, it } from 'vitest';
import { freightMessage, sapDateTime, sapPurchaseMessage, sapRegistryMessage, yuanToCents } from './messages';

describe('the receivers\' messages', () => {
  it('writes SAP dates and times on the plant\'s clock', () => {
    expect(sapDateTime(new Date('2026-11-27T16:30:05Z'), 'Asia/Shanghai')).toEqual({ date: '20261128', time: '003005' });
    expect(sapDateTime(new Date('2026-11-27T16:30:05Z'), 'UTC')).toEqual({ date: '20261127', time: '163005' });
  });

  it('turns stored yuan into whole cents exactly, half up', () => {
    expect(yuanToCents('1101.375')).toBe(110138);
    expect(yuanToCents('1101.374')).toBe(110137);
    expect(yuanToCents('0.10')).toBe(10);
    expect(yuanToCents('-12.345')).toBe(-1235);
    expect(yuanToCents('99999999.99')).toBe(9999999999);
  });

  it('sends a purchase ticket as a goods receipt, and its voiding as the reversal', () => {
    const t = {
      ticketNo: 'CGBD202611280001', event: 'COMPLETED' as const, completedAt: new Date('2026-11-28T01:40:00Z'), at: new Date('2026-11-28T02:00:00Z'),
      plateNumber: '晋A12345', vendorCode: 'GYS001', materialCode: 'YL001', warehouseCode: 'CK01', contractNo: 'HT-01', noticeNo: 'CGTZ01',
      gross: '48.2000', tare: '16.0000', deductTotal: '0.5000', net: '31.7000', shippedQuantity: null,
    };
    expect(sapPurchaseMessage(t, 'Asia/Shanghai')).toEqual({
      HEADER: { BLDAT: '20261128', BUDAT: '20261128', XBLNR: 'CGBD202611280001', BKTXT: '晋A12345' },
      ITEM: { BWART: '101', MATNR: 'YL001', LIFNR: 'GYS001', LGORT: 'CK01', MENGE: '31.7', MEINS: 'TO', EBELN: 'HT-01', ZNOTICE: 'CGTZ01', ZGROSS: '48.2', ZTARE: '16', ZDEDUCT: '0.5', ZSHIPPED: '' },
    });
    expect(sapPurchaseMessage({ ...t, event: 'VOIDED' }, 'Asia/Shanghai').ITEM.BWART).toBe('102');
  });

  it('sends a registry\'s movement with blanks, not nulls, where SAP expects a field', () => {
    const m = sapRegistryMessage({
      registryNo: 'CGDJ01', kind: 'pu', movement: 'OUT', at: new Date('2026-11-28T04:00:00Z'), plateNumber: '晋A1', driverName: null,
      vendorCode: 'GYS1', customerCode: null, carrierCode: 'CYS1', materialCode: 'YL1', noticeNo: 'TZ1', shippedQuantity: '30.0000', releaseKind: 'NORMAL',
    }, 'Asia/Shanghai');
    expect(m).toEqual({
      ZREGNO: 'CGDJ01', ZKIND: 'PU', ZMOVE: 'OUT', ZDATE: '20261128', ZTIME: '120000', ZPLATE: '晋A1', ZDRIVER: '', LIFNR: 'GYS1', KUNNR: '',
      ZCARRIER: 'CYS1', MATNR: 'YL1', ZNOTICE: 'TZ1', ZSHIPPED: '30', ZRELEASE: 'NORMAL',
    });
  });

  it('sends a freight settlement with its money in cents and each trip', () => {
    const m = freightMessage({
      settleNo: 'YFJS01', carrierCode: 'CYS3', carrierName: '顺达物流', examinedAt: new Date('2026-11-28T03:00:00Z'), totalAmount: '1090.38', rowsAmount: '1101.375',
      trips: [{ ticketNo: 'XSBD1', completedAt: null, plateNumber: '浙A1', materialCode: 'CP1', net: '30.0000', quantity: '30.0000', price: '36.7125', payable: '1090.375' }],
    });
    expect(m).toMatchObject({ settleNo: 'YFJS01', tripCount: 1, freightCents: 110138, payableCents: 109038 });
    expect(m.trips[0]).toEqual({ ticketNo: 'XSBD1', plateNumber: '浙A1', materialCode: 'CP1', completedAt: null, netTons: '30', settledTons: '30', price: '36.7125', payableCents: 109038 });
  });
});
