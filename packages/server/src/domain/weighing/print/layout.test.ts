import { describe, expect, it } from 'vitest';
import { TICKET_PRINT_BLANK } from '@wb/protocol';
import { figure, layoutTicket, weightText, type PrintSettings, type TicketPrintFacts } from './layout';

/** The paper's rules, without a database: what each kind prints and how each figure reads. */
const at = (iso: string) => new Date(iso);
const facts = (o: Partial<TicketPrintFacts> = {}): TicketPrintFacts => ({
  id: '7', kind: 'pu', side: null, state: 'COMPLETED', closeKind: null, company: '华东水泥有限公司', ticketNo: 'CGBD202611220001',
  plate: '苏E12345', driver: '张三', materialName: '石灰石', materialModel: '40-80mm', vendor: '南京石料有限公司', customer: null, carrier: '顺达物流',
  peerOrg: null, noticeNo: 'CGTZ202611210001', warehouse: '1号原料堆场', toWarehouse: null,
  gross: '40.0000', grossTime: at('2026-11-22T01:00:00Z'), tare: '15.2000', tareTime: at('2026-11-22T01:30:05Z'), net: '24.3000', shippedQuantity: '24.5',
  deductTotal: '0.5000', deductions: [{ kind: 'IMPURITY', amount: '0.2000' }, { kind: 'WATER', amount: '0.3000' }],
  price: '10.5000', amount: '255.1500', firstOperator: '李磅', secondOperator: '王磅', remark: null, printCount: 1, ...o,
});
const settings = (o: Partial<PrintSettings> = {}): PrintSettings => ({
  params: { weightPrecision: 2, weightUnit: 't', moneyPrecision: 2, unitPricePrecision: 4 }, preview: false,
  printedAt: at('2026-11-22T02:00:00Z'), timeZone: 'Asia/Shanghai', ...o,
});
const value = (l: ReturnType<typeof layoutTicket>, key: string) => [...l.fields, ...l.money, ...l.footer, ...l.weights].find((f) => f.key === key)?.value;

describe('the printed ticket', () => {
  it('is titled with the company and the kind, and names the ticket, truck, material and parties', () => {
    const l = layoutTicket(facts(), settings());
    expect(l.title).toBe('华东水泥有限公司 采购磅单');
    expect(l.ticketNo).toBe('CGBD202611220001');
    expect(l.fields.map((f) => f.label)).toEqual(['车号', '司机', '物料', '通知单号', '供应商', '承运商', '仓库', '原发数(吨)']);
    expect(value(l, 'shippedQuantity')).toBe('24.50');
    expect(value(l, 'material')).toBe('石灰石 40-80mm');
    expect(value(l, 'vendor')).toBe('南京石料有限公司');
    expect(l.unit).toBe('吨');
  });

  it("prints weights in the plant's unit and decimals, with their times in the plant time zone", () => {
    const l = layoutTicket(facts(), settings());
    expect(l.weights.map((w) => [w.label, w.value, w.time])).toEqual([
      ['毛重', '40.00', '2026-11-22 09:00:00'],
      ['皮重', '15.20', '2026-11-22 09:30:05'],
      ['净重', '24.30', '2026-11-22 09:30:05'],
    ]);
    // a kilogram organisation reads kilograms, grouped as every screen shows them, and says so
    const kg = layoutTicket(facts({ gross: '40.1250' }), settings({ params: { weightPrecision: 0, weightUnit: 'kg', moneyPrecision: 2, unitPricePrecision: 4 } }));
    expect(kg.weights.map((w) => w.value)).toEqual(['40,125', '15,200', '24,300']);
    expect(kg.deductions.total).toBe('500');
    expect([kg.unit, kg.unitEn]).toEqual(['千克', 'kg']);
    expect(kg.fields.find((f) => f.key === 'shippedQuantity')).toMatchObject({ label: '原发数(千克)', labelEn: 'Shipped (kg)', value: '24,500' });
    // a figure with more digits than the precision keeps them, and a large one is grouped
    expect(weightText('1234.5678', { weightPrecision: 2, weightUnit: 't' })).toBe('1,234.5678');
  });

  it('never drops a stored digit, and never rounds through floats', () => {
    expect(figure('15.2050', 2)).toBe('15.205');
    expect(figure('0.1000', 2)).toBe('0.10');
    expect(figure('123456789012.3456', 2)).toBe('123456789012.3456');
  });

  it('prints a missing or zero weight as the blank mark, with no time, and so the first-weighing slip has no net', () => {
    expect(weightText(null, { weightPrecision: 2, weightUnit: 't' })).toBe(TICKET_PRINT_BLANK);
    expect(weightText('0.0000', { weightPrecision: 2, weightUnit: 't' })).toBe(TICKET_PRINT_BLANK);
    const slip = layoutTicket(facts({ state: 'FIRST_WEIGHED', tare: null, tareTime: null, net: null, deductTotal: '0', deductions: [], amount: null }), settings());
    expect(slip.slip).toBe(true);
    expect(slip.stateLabel).toBe('一次过磅');
    expect(slip.weights.map((w) => [w.value, w.time])).toEqual([['40.00', '2026-11-22 09:00:00'], [TICKET_PRINT_BLANK, ''], [TICKET_PRINT_BLANK, '']]);
    expect(slip.deductions).toEqual({ rows: [], total: TICKET_PRINT_BLANK });
    expect(value(slip, 'amount')).toBe(TICKET_PRINT_BLANK);
  });

  it('lists each deduction with its weight in a fixed order, and their total', () => {
    const l = layoutTicket(facts(), settings());
    expect(l.deductions).toEqual({
      rows: [{ item: '扣水', itemEn: 'Water', weight: '0.30' }, { item: '扣杂', itemEn: 'Impurity', weight: '0.20' }],
      total: '0.50',
    });
  });

  it('prints price and amount on purchase and sales tickets only, as money: the unit price at the plant\'s price precision', () => {
    const pu = layoutTicket(facts({ price: '10.5250', amount: '12555.1500' }), settings());
    expect(pu.money.map((f) => [f.label, f.value])).toEqual([['单价(元/吨)', '¥10.525'], ['金额(元)', '¥12,555.15']]);
    expect(layoutTicket(facts({ price: '350.0000' }), settings({ params: { weightPrecision: 2, weightUnit: 't', moneyPrecision: 2, unitPricePrecision: 2 } })).money[0].value).toBe('¥350.00');
    expect(layoutTicket(facts({ kind: 'tr' }), settings()).money).toEqual([]);
    expect(layoutTicket(facts({ kind: 'sa', price: null, amount: null }), settings()).money.map((f) => f.value)).toEqual([TICKET_PRINT_BLANK, TICKET_PRINT_BLANK]);
  });

  it('names the parties each kind has', () => {
    const labels = (o: Partial<TicketPrintFacts>) => layoutTicket(facts(o), settings()).fields.slice(4).map((f) => f.label);
    expect(labels({ kind: 'sa', customer: '江苏建材' })).toEqual(['客户', '承运商', '仓库']);
    expect(labels({ kind: 'al', side: 'DISPATCH', peerOrg: '华东水泥二厂' })).toEqual(['调入单位', '承运商', '仓库']);
    expect(labels({ kind: 'al', side: 'RECEIVE', peerOrg: '华东水泥二厂' })).toEqual(['调出单位', '承运商', '仓库']);
    expect(labels({ kind: 'tr', toWarehouse: '2号库' })).toEqual(['承运商', '调出仓库', '调入仓库']);
    expect(layoutTicket(facts({ kind: 'sa' }), settings()).title).toBe('华东水泥有限公司 销售磅单');
  });

  it('counts the print: 第N次打印, 补打 from the second on; a preview says how many were made', () => {
    expect(layoutTicket(facts({ printCount: 1 }), settings())).toMatchObject({ printLabel: '第1次打印', reprint: false, preview: false });
    expect(layoutTicket(facts({ printCount: 3 }), settings())).toMatchObject({ printLabel: '第3次打印', reprint: true });
    expect(layoutTicket(facts({ printCount: 0 }), settings({ preview: true }))).toMatchObject({ printLabel: '未打印', reprint: false, preview: true });
    expect(layoutTicket(facts({ printCount: 2 }), settings({ preview: true }))).toMatchObject({ printLabel: '已打印2次', reprint: false });
  });

  it('ends with the operators of both readings and the print time; absent ones are blank', () => {
    const l = layoutTicket(facts({ secondOperator: null, remark: '雨天' }), settings());
    expect(l.footer.map((f) => [f.label, f.value])).toEqual([['一次司磅', '李磅'], ['二次司磅', TICKET_PRINT_BLANK], ['打印时间', '2026-11-22 10:00:00']]);
    expect(l.remark).toBe('雨天');
    expect(value(layoutTicket(facts({ driver: null }), settings()), 'driver')).toBe(TICKET_PRINT_BLANK);
  });

  it('says a truck that left loaded or empty closed without a net', () => {
    const l = layoutTicket(facts({ state: 'CLOSED', closeKind: 'SINGLE_EMPTY', tare: null, tareTime: null, net: null }), settings());
    expect(l.closedAs).toBe('车辆空出');
    expect(l.weights[2].value).toBe(TICKET_PRINT_BLANK);
  });
});
