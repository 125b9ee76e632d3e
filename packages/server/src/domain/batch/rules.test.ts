import { describe, expect, it } from 'vitest';
import { batchChoiceRefusal, closeRefusal, openRefusal, remainingOf, ticketBatchRefusal } from './rules';

const ticket = { ticketNo: 'XS1', kind: 'sa', state: 'FIRST_WEIGHED', materialName: 'P.O 42.5', materialCode: '0401001', batchManaged: true };
const batch = { batchNo: 'PC0001', enabled: true, closed: false, materialCode: '0401001' };

describe('a ticket and its batch', () => {
  it('records a batch on a sales ticket of a batch-managed product until its audit', () => {
    expect(ticketBatchRefusal(ticket)).toBeNull();
    expect(ticketBatchRefusal({ ...ticket, state: 'COMPLETED' })).toBeNull();
    expect(ticketBatchRefusal({ ...ticket, state: 'AUDITED' })).toMatch(/不能更改批次号/);
    expect(ticketBatchRefusal({ ...ticket, state: 'OBSOLETE' })).toMatch(/不能更改批次号/);
    expect(ticketBatchRefusal({ ...ticket, kind: 'pu' })).toMatch(/只有销售磅单/);
    expect(ticketBatchRefusal({ ...ticket, batchManaged: false })).toMatch(/不是批次管理物料/);
  });

  it('refuses a closed, disabled or other material batch', () => {
    expect(batchChoiceRefusal(ticket, batch)).toBeNull();
    expect(batchChoiceRefusal(ticket, { ...batch, materialCode: null })).toBeNull();
    expect(batchChoiceRefusal(ticket, { ...batch, closed: true })).toBe('批次 PC0001 已关闭，不能再装车');
    expect(batchChoiceRefusal(ticket, { ...batch, enabled: false })).toMatch(/已停用/);
    expect(batchChoiceRefusal(ticket, { ...batch, materialCode: '0401002' })).toMatch(/物料编码是 0401002/);
  });
});

describe('a batch', () => {
  it('has its quantity less the nets of its counted tickets left', () => {
    expect(remainingOf('500', ['32.45', '31.9', '0.65'])).toEqual({ shipped: '65', remaining: '435' });
    expect(remainingOf('60', ['32.45', '31.9'])).toEqual({ shipped: '64.35', remaining: '-4.35' });
    expect(remainingOf(null, ['1'])).toEqual({ shipped: '1', remaining: null });
  });

  it('closes once, and not while a truck is loading from it', () => {
    expect(closeRefusal(batch, [])).toBeNull();
    expect(closeRefusal({ ...batch, closed: true }, [])).toBe('批次 PC0001 已关闭');
    expect(closeRefusal(batch, ['XS1', 'XS2'])).toBe('批次 PC0001 仍有装车中的磅单 XS1、XS2，不能关闭');
  });

  it('opens on a silo of its material or an empty one', () => {
    expect(openRefusal(batch, { name: '1#库', materialCode: '0401001' })).toBeNull();
    expect(openRefusal(batch, { name: '1#库', materialCode: null })).toBeNull();
    expect(openRefusal(batch, { name: '1#库', materialCode: '0501001' })).toMatch(/1#库 存放的物料编码是 0501001/);
    expect(openRefusal({ ...batch, closed: true }, { name: '1#库', materialCode: null })).toMatch(/已关闭/);
  });
});
