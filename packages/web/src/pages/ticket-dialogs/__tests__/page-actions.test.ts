import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { rowsAllowButton } from '@/platform/templates/buttons/action-rules';
import '../TicketDialogHost';
import { useTicketDialog } from '../dialog-store';

initI18n('zh-CN');

const ctx = (ids: string[]): PageActionContext => ({
  base: '/api/weigh/pu', button: { id: 'b', name: '扣重', label: '扣重' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
});

describe('the ticket list’s 扣重, 修改单价 and 拆分 buttons', () => {
  afterEach(() => useTicketDialog.getState().close());

  it('open their dialog on exactly one ticket', async () => {
    for (const name of ['deductTicket', 'modifyTicketPrice', 'splitTicket', 'ticketReceipt']) {
      useTicketDialog.getState().close();
      await pageAction(name)?.(ctx([]));
      expect(useTicketDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx(['1', '2']));
      expect(useTicketDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx(['7']));
      expect(useTicketDialog.getState().open).toMatchObject({ kind: name, ctx: { selectedIds: ['7'] } });
    }
  });

  it('are disabled where the row’s lifecycle refuses them (the server’s rowActions)', () => {
    const audited = { id: '7', rowActions: { deductTicket: false, modifyTicketPrice: true, splitTicket: false } };
    expect(rowsAllowButton('page:deductTicket', [audited])).toBe(false);
    expect(rowsAllowButton('page:modifyTicketPrice', [audited])).toBe(true);
    expect(rowsAllowButton('page:splitTicket', [audited])).toBe(false);
  });
});
