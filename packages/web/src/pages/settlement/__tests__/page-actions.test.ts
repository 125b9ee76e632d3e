import { describe, expect, it, vi } from 'vitest';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { usePdfPreview } from '@/platform/print/pdf-preview';

const downloads = vi.hoisted(() => [] as { path: string; fallbackName: string }[]);
vi.mock('@/platform/api/download', () => ({
  downloadFile: async (path: string, opts: { fallbackName: string }) => { downloads.push({ path, fallbackName: opts.fallbackName }); },
}));
await import('../register');

const ctx = (ids: string[]): PageActionContext => ({
  base: '/api/settlement/pu', button: { id: 'b', name: '打印', label: '打印' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id, settleNo: `CGJS${id}` })), refresh: () => undefined, clearSelection: () => undefined,
});

describe('the settlement list\'s statement buttons', () => {
  it('preview the one chosen settlement\'s statement (PDF, with its Excel beside it) or download the Excel, and nothing for none or two', async () => {
    await pageAction('printSettlement')?.(ctx([]));
    await pageAction('settlementExcel')?.(ctx(['1', '2']));
    expect(downloads).toEqual([]);
    expect(usePdfPreview.getState().open).toBeNull();
    await pageAction('printSettlement')?.(ctx(['7']));
    expect(usePdfPreview.getState().open).toMatchObject({
      path: '/settlement/pu/statement/7', title: 'CGJS7', fallbackName: 'settlement.pdf',
      excel: { path: '/settlement/pu/statement/7/xlsx', fallbackName: 'settlement.xlsx' },
    });
    await pageAction('settlementExcel')?.(ctx(['7']));
    expect(downloads).toEqual([{ path: '/settlement/pu/statement/7/xlsx', fallbackName: 'settlement.xlsx' }]);
  });
});
