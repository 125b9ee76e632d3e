import { describe, expect, it, vi } from 'vitest';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';

const downloads = vi.hoisted(() => [] as { path: string; fallbackName: string }[]);
vi.mock('@/platform/api/download', () => ({
  downloadFile: async (path: string, opts: { fallbackName: string }) => { downloads.push({ path, fallbackName: opts.fallbackName }); },
}));
await import('../register');

const ctx = (ids: string[]): PageActionContext => ({
  base: '/api/settlement/pu', button: { id: 'b', name: '打印', label: '打印' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
});

describe('the settlement list\'s statement buttons', () => {
  it('download the one chosen settlement\'s statement as PDF or Excel, and nothing for none or two', async () => {
    await pageAction('printSettlement')?.(ctx([]));
    await pageAction('settlementExcel')?.(ctx(['1', '2']));
    expect(downloads).toEqual([]);
    await pageAction('printSettlement')?.(ctx(['7']));
    await pageAction('settlementExcel')?.(ctx(['7']));
    expect(downloads).toEqual([
      { path: '/settlement/pu/statement/7', fallbackName: 'settlement.pdf' },
      { path: '/settlement/pu/statement/7/xlsx', fallbackName: 'settlement.xlsx' },
    ]);
  });
});
