import { describe, expect, it } from 'vitest';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { useSettlementDialog } from '../dialog-store';

await import('../SettlementDialogHost');

const ctx = (ids: string[]): PageActionContext => ({
  base: '/api/settlement/pu', button: { id: 'b', name: '调整', label: '调整' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
});

describe('the settlement list\'s dialog buttons', () => {
  it('open their dialog on the one chosen settlement, and nothing for none or two', async () => {
    for (const name of ['confirmPounds', 'adjust', 'invoice', 'payment', 'freightOperating']) {
      await pageAction(name)?.(ctx([]));
      await pageAction(name)?.(ctx(['1', '2']));
      expect(useSettlementDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx(['7']));
      expect(useSettlementDialog.getState().open).toMatchObject({ kind: name, ctx: { selectedIds: ['7'] } });
      useSettlementDialog.getState().close();
    }
  });

  it('对账查询 opens the reconciliation with no settlement chosen', async () => {
    await pageAction('reconcile')?.(ctx([]));
    expect(useSettlementDialog.getState().open?.kind).toBe('reconcile');
  });

  it('新建结算 opens the freight settlement\'s creation with no settlement chosen', async () => {
    useSettlementDialog.getState().close();
    await pageAction('freightCreate')?.(ctx([]));
    expect(useSettlementDialog.getState().open?.kind).toBe('freightCreate');
  });
});
