import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketPrintLayout } from '@wb/protocol';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { fileNameOf } from '../api';
import { ticketPrintPath } from '../register';
import { layoutWords } from '../texts';

const ctx = (ids: string[], base = '/api/weigh/sa'): PageActionContext => ({
  base, button: { id: 'b', name: '打印', label: '打印' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
});

const layout = (o: Partial<TicketPrintLayout> = {}) => ({
  title: '华东水泥有限公司 采购磅单', company: '华东水泥有限公司', kindTitleEn: 'Purchase weigh ticket', stateLabel: '一次过磅', slip: false,
  closedAs: null, printLabel: '第2次打印', printCount: 2, preview: false, unit: '吨', unitEn: 't', ...o,
}) as TicketPrintLayout;

describe('the ticket lists\' 打印 button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the print page of the one chosen ticket of the list kind in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await pageAction('printTicket')?.(ctx(['42']));
    expect(open).toHaveBeenCalledWith('/weigh/print/sa/42', '_blank');
    expect(ticketPrintPath('/api/weigh/pu/', '7')).toBe('/weigh/print/pu/7');
  });

  it('opens nothing for none or several tickets', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await pageAction('printTicket')?.(ctx([]));
    await pageAction('printTicket')?.(ctx(['1', '2']));
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the print page', () => {
  it('saves the PDF under the name the server gives, else the ticket number', () => {
    expect(fileNameOf(`attachment; filename="CGBD1.pdf"; filename*=UTF-8''CGBD1.pdf`, 'x.pdf')).toBe('CGBD1.pdf');
    expect(fileNameOf(`attachment; filename="ticket.pdf"; filename*=UTF-8''${encodeURIComponent('手工1.pdf')}`, 'x.pdf')).toBe('手工1.pdf');
    expect(fileNameOf(null, 'CGBD2.pdf')).toBe('CGBD2.pdf');
  });

  it('speaks English for the words, never for the figures', () => {
    expect(layoutWords(layout(), false)).toEqual({ title: '华东水泥有限公司 采购磅单', count: '第2次打印', state: null, unit: '吨' });
    expect(layoutWords(layout(), true)).toEqual({ title: '华东水泥有限公司 Purchase weigh ticket', count: 'Print no. 2', state: null, unit: 't' });
    expect(layoutWords(layout({ slip: true, preview: true, printCount: 0 }), true)).toMatchObject({ count: 'Not printed yet', state: 'First weighing' });
    expect(layoutWords(layout({ closedAs: '车辆空出' }), false).state).toBe('车辆空出');
  });
});
