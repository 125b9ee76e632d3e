import { describe, expect, it } from 'vitest';
import { batchAtCompletion, batchChoiceRefusal, batchProductRefusal, closeRefusal, openRefusal, remainingOf, siloChoiceRefusal, ticketBatchRefusal } from './rules';

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

describe('the batch a sales ticket takes at its second weighing', () => {
  const t = { ticketNo: 'XS9', materialCode: '0401001', batchManaged: true, chosen: false };
  const silo = { siloName: '2#库', batch: { ...batch, id: '7' } };

  it('takes the open batch of the silo it names, unless one was chosen or the material keeps no batches', () => {
    expect(batchAtCompletion(t, silo)).toEqual({ batchId: '7', batchNo: 'PC0001', warning: null });
    expect(batchAtCompletion({ ...t, chosen: true }, silo)).toEqual({ batchId: null, batchNo: null, warning: null });
    expect(batchAtCompletion({ ...t, batchManaged: false }, null)).toEqual({ batchId: null, batchNo: null, warning: null });
  });

  it('takes no closed, disabled or foreign batch, nor one from no silo, and says so', () => {
    expect(batchAtCompletion(t, { ...silo, batch: { ...silo.batch, closed: true } }).warning).toBe('筒仓 2#库 的当前批次未记录：批次 PC0001 已关闭，不能再装车');
    expect(batchAtCompletion(t, { ...silo, batch: { ...silo.batch, enabled: false } }).warning).toBe('筒仓 2#库 的当前批次未记录：批次 PC0001 已停用');
    expect(batchAtCompletion(t, { ...silo, batch: { ...silo.batch, materialCode: '0501001' } }).batchId).toBeNull();
    expect(batchAtCompletion(t, { siloName: '2#库', batch: null }).warning).toBe('筒仓 2#库 没有当前批次，磅单未记录批次号');
    expect(batchAtCompletion(t, null).warning).toBe('批次管理物料未记录批次号：磅单未指定装车筒仓，也未选择批次');
  });

  it('names a silo while the truck loads, of its own material or an empty one; a return keeps its original\'s', () => {
    const loading = { ticketNo: 'XS9', kind: 'sa', state: 'FIRST_WEIGHED', materialId: '3', isReturn: false };
    expect(siloChoiceRefusal(loading, { name: '2#库', materialId: '3' })).toBeNull();
    expect(siloChoiceRefusal(loading, { name: '2#库', materialId: null })).toBeNull();
    expect(siloChoiceRefusal(loading, null)).toBeNull();
    expect(siloChoiceRefusal(loading, { name: '2#库', materialId: '4' })).toBe('筒仓 2#库 存放的不是磅单 XS9 的物料');
    expect(siloChoiceRefusal({ ...loading, state: 'COMPLETED' }, null)).toMatch(/已完成过磅/);
    expect(siloChoiceRefusal({ ...loading, kind: 'pu' }, null)).toBe('只有销售磅单记录装车筒仓');
    expect(siloChoiceRefusal({ ...loading, isReturn: true }, null)).toBe('磅单 XS9 是退货磅单，批次随原磅单');
    expect(ticketBatchRefusal({ ...ticket, state: 'COMPLETED', isReturn: true })).toBe('磅单 XS1 是退货磅单，批次随原磅单');
  });

  it('opens batches of batch-managed products only', () => {
    expect(batchProductRefusal({ inv_name: 'P.O 42.5', batch_managed: true })).toBeNull();
    expect(batchProductRefusal({ inv_name: '石灰石', batch_managed: false })).toBe('物料 石灰石 不是批次管理物料，不能开批次');
  });
});
