import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { TicketDialogs } from '../TicketDialogs';

/** The dialogs against the server's answers (fetch stands in for the server; the e2e spec drives the real one). */
const envelope = (data: unknown, status = 200, msg = 'ok') =>
  new Response(JSON.stringify({ success: status === 200, code: status === 200 ? 0 : status, msg, data }), { status, headers: { 'content-type': 'application/json' } });

const TICKET = {
  id: '7', ticketNo: 'CGBD0007', plateNumber: '苏E12345', materialName: '煤', state: 'COMPLETED', gross: '40.0000', tare: '15.0000', net: '25.0000',
  deductTotal: '0.0000', price: '10.0000', amount: '250.0000', deductions: [],
};

let sent: { method: string; url: string; body: unknown }[];
function serve(answer: (url: string, body: unknown) => Response | undefined = () => undefined) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    const own = answer(url, body);
    if (own) return own;
    if (url.includes('/get/')) return envelope(TICKET);
    if (url.endsWith('/moneyParams')) return envelope({ moneyPrecision: 2, unitPricePrecision: 4 });
    return envelope({ count: 1, ids: ['8'] });
  }));
}

const ctx = (refresh = vi.fn()): PageActionContext => ({
  base: '/api/weigh/pu', button: { id: 'b', name: 'x', label: 'x' } as PageActionContext['button'], selectedIds: ['7'],
  selectedRows: [{ id: '7' }], refresh, clearSelection: () => undefined,
});
const ok = () => screen.getByTestId('ticket-dialog-ok').closest('button') as HTMLButtonElement;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('拆分', () => {
  it('starts with the net in two even parts, shows the sum, and saves only parts that add up', async () => {
    serve();
    const refresh = vi.fn();
    const onClose = vi.fn();
    renderInShell(<TicketDialogs kind="splitTicket" ctx={ctx(refresh)} onClose={onClose} />);
    await waitFor(() => expect((screen.getByTestId('split-part-0') as HTMLInputElement).value).toBe('12.5'));
    expect(screen.getByTestId('split-sum').textContent).toBe('25.00');
    expect(ok().disabled).toBe(false);
    type('split-part-1', '10');
    expect(screen.getByTestId('split-difference').textContent).toBe('2.50');
    expect(screen.getByTestId('split-adds-up').textContent).toBe('合计应等于净重 25.00 吨');
    expect(ok().disabled).toBe(true);
    type('split-part-0', '15');
    await act(async () => void fireEvent.click(ok()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.url.endsWith('/split'))?.body).toEqual({ id: '7', parts: ['15', '10'] });
    expect(refresh).toHaveBeenCalled();
  });
});

describe('修改单价', () => {
  it('shows the new amount rounded to the company’s money decimals, and keeps the server’s refusal in the dialog', async () => {
    serve((url) => (url.endsWith('/modifyPrice') ? envelope(null, 400, '磅单 CGBD0007 已过账，不能修改单价，请先反过账') : undefined));
    const onClose = vi.fn();
    renderInShell(<TicketDialogs kind="modifyTicketPrice" ctx={ctx()} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('price-current').textContent).toBe('¥10.00'));
    type('price-new', '10.005');
    // 25 x 10.005 = 250.125, to 2 decimals half up
    await waitFor(() => expect(screen.getByTestId('price-new-amount').textContent).toBe('¥250.13'));
    // no reason: asked for, nothing sent
    await act(async () => void fireEvent.click(ok()));
    await waitFor(() => expect(screen.getByText('请填写改价原因')).toBeTruthy());
    expect(sent.some((s) => s.url.endsWith('/modifyPrice'))).toBe(false);
    type('price-reason', '按合同调整');
    await act(async () => void fireEvent.click(ok()));
    await waitFor(() => expect(screen.getByTestId('ticket-dialog-refusal').textContent).toContain('已过账，不能修改单价'));
    expect(onClose).not.toHaveBeenCalled();
    expect(sent.find((s) => s.url.endsWith('/modifyPrice'))?.body).toEqual({ ids: ['7'], price: '10.005', reason: '按合同调整' });
  });
});

describe('扣重', () => {
  it('shows the net the server computes for the typed deductions and saves them', async () => {
    serve((url, body) => {
      if (!url.endsWith('/deduct/preview')) return undefined;
      const rows = (body as { deductions: unknown[] }).deductions;
      return envelope(rows.length
        ? { gross: '40', tare: '15', lines: [{ kind: 'water', weight: '0.5' }], deducted: '0.5', net: '24.5', amount: '245' }
        : { gross: '40', tare: '15', lines: [], deducted: '0', net: '25', amount: '250' });
    });
    const onClose = vi.fn();
    renderInShell(<TicketDialogs kind="deductTicket" ctx={ctx()} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('deduct-result-net').textContent).toBe('25.00'));
    type('deduct-value-water', '0.5');
    await waitFor(() => expect(screen.getByTestId('deduct-result-net').textContent).toBe('24.50'));
    expect(sent.filter((s) => s.url.endsWith('/deduct/preview')).at(-1)?.body).toEqual({ id: '7', deductions: [{ kind: 'water', amount: '0.5' }] });
    await act(async () => void fireEvent.click(ok()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.url.endsWith('/deduct'))?.body).toEqual({ id: '7', deductions: [{ kind: 'water', amount: '0.5' }] });
  });
});

describe('抓拍图片', () => {
  it('shows a thumbnail of each snapshot the ticket keeps, its bytes read under the session', async () => {
    // jsdom makes no object URLs: these stand in for the browser's, and are put back after
    const own = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pic'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, own));
    serve((url) => {
      if (url.includes('/pictures/7')) return envelope([{ fileId: '31', reading: 'FIRST', weighedAt: '2026-11-25T08:00:00Z' }, { fileId: '32', reading: 'SECOND', weighedAt: '2026-11-25T09:00:00Z' }]);
      if (url.includes('/sys-file-type/img/')) return new Response(new Uint8Array([0xff, 0xd8]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
      return undefined;
    });
    renderInShell(<TicketDialogs kind="ticketPictures" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('ticket-picture')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByAltText(/过磅/).map((i) => i.getAttribute('src'))).toEqual(['blob:pic', 'blob:pic']));
    expect(sent.map((s) => s.url.replace(/^.*\/api/, ''))).toEqual(['/weigh/pu/pictures/7', '/sys-file-type/img/31', '/sys-file-type/img/32']);
    expect(screen.getByText(/一次过磅/)).toBeTruthy();
  });

  it('names the gauger\'s photos of the load apart from the snapshots', async () => {
    const own = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pic'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, own));
    serve((url) => {
      if (url.includes('/pictures/7')) return envelope([{ fileId: '31', reading: 'FIRST', weighedAt: '2026-11-25T08:00:00Z' }, { fileId: '33', reading: 'GAUGE', weighedAt: '2026-11-25T09:30:00Z' }]);
      if (url.includes('/sys-file-type/img/')) return new Response(new Uint8Array([0xff, 0xd8]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
      return undefined;
    });
    renderInShell(<TicketDialogs kind="ticketPictures" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('ticket-picture').map((p) => p.textContent?.split(' · ')[0])).toEqual(['一次过磅', '检尺照片']));
  });

  it('says so when the ticket keeps none', async () => {
    serve((url) => (url.includes('/pictures/7') ? envelope([]) : undefined));
    renderInShell(<TicketDialogs kind="ticketPictures" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByText('此磅单没有抓拍图片')).toBeTruthy());
  });
});

describe('库存地址', () => {
  it('offers the warehouse\'s addresses, starts at the ticket\'s own, and saves the one chosen', async () => {
    serve((url) => (url.endsWith('/stockAddress/7')
      ? envelope({ ticketNo: 'CGBD0007', state: 'COMPLETED', addressId: '41', choices: [
        { id: '41', code: 'Y1', name: '一号堆场', kind: 'YARD', warehouseName: '原料库' },
        { id: '42', code: 'Y1-01', name: '一号堆场1垛', kind: 'BAY', warehouseName: '原料库' }] })
      : undefined));
    const refresh = vi.fn();
    const onClose = vi.fn();
    renderInShell(<TicketDialogs kind="ticketStockAddress" ctx={ctx(refresh)} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('ticket-dialog-address').textContent).toContain('Y1 一号堆场（原料库）'));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Y1-01 一号堆场1垛（原料库）'));
    await act(async () => { fireEvent.click(ok()); });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { ticketId: '7', stockAddressId: '42' } });
    expect(sent.at(-1)?.url).toMatch(/\/api\/weigh\/pu\/stockAddress$/);
    expect(refresh).toHaveBeenCalled();
  });
});
