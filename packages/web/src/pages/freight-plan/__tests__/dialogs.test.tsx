import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { FreightPlanDialogs } from '../FreightPlanDialogs';
import '../FreightPlanDialogHost';
import { PLAN_DIALOGS, usePlanDialog } from '../dialog-store';

/** The plan's dialogs against the server's answers (fetch stands in for the server; the e2e spec drives the real one). */
const envelope = (data: unknown, status = 200, msg = 'ok') =>
  new Response(JSON.stringify({ success: status === 200, code: status === 200 ? 0 : status, msg, data }), { status, headers: { 'content-type': 'application/json' } });

const pound = (id: string, no: string) => ({ ticketId: id, ticketNo: no, plateNumber: '浙E12345', materialName: '石灰石', completedAt: '2026-03-01T02:00:00Z', shipped: '26', net: '25', freight: null, lossCharge: null });
const detail = {
  plan: { id: '7', planNo: 'YFJH0001', kind: 'pu', docStatus: 'AUDITED', carrierName: '湖州运输', remitted: '1200', fuelAdvanced: '0', freightTotal: null, price: '28', poundsConfirmedAt: null },
  pounds: [pound('1', 'CG0001')],
  remittances: [{ id: '3', amount: '1200', paidAt: '2026-03-02T02:00:00Z', method: 'BANK', reference: '工行', remark: null }],
  fuelAdvances: [],
};

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    if (url.endsWith('/detail')) return envelope(detail);
    if (url.endsWith('/candidates')) return envelope([pound('2', 'CG0002'), pound('1', 'CG0001')]);
    return envelope({ id: '7' });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  usePlanDialog.getState().close();
});

const ctx = (refresh = vi.fn()): PageActionContext => ({
  base: '/api/freight/plan', button: { id: 'b', name: 'x', label: 'x' } as PageActionContext['button'], selectedIds: ['7'],
  selectedRows: [{ id: '7' }], refresh, clearSelection: () => undefined,
});

describe('the freight plan list’s page buttons', () => {
  it('open their dialog on exactly one plan; the import on none', async () => {
    for (const name of PLAN_DIALOGS) {
      await pageAction(name)?.({ ...ctx(), selectedIds: ['7', '8'] });
      expect(usePlanDialog.getState().open === null).toBe(name !== 'importExcel');
      usePlanDialog.getState().close();
      await pageAction(name)?.(ctx());
      expect(usePlanDialog.getState().open).toMatchObject({ kind: name });
      usePlanDialog.getState().close();
    }
  });
});

describe('编辑磅单', () => {
  it('offers the candidates not in the list, and saves the list with the added ticket', async () => {
    const onClose = vi.fn();
    renderInShell(<FreightPlanDialogs kind="poundListedit" ctx={ctx()} onClose={onClose} />);
    const offered = await screen.findByTestId('pound-candidates');
    await waitFor(() => expect(screen.getByTestId('pound-list').textContent).toContain('CG0001'));
    await waitFor(() => expect(offered.textContent).toContain('CG0002'));
    // the ticket already in the plan is not offered again
    expect(offered.textContent).not.toContain('CG0001');
    fireEvent.click(offered.querySelector('tr.ant-table-row .ant-checkbox-input') as Element);
    fireEvent.click(screen.getByTestId('pound-add'));
    await waitFor(() => expect(screen.getByTestId('pound-list').textContent).toContain('CG0002'));
    await act(async () => void fireEvent.click(screen.getByTestId('plan-dialog-ok')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.url.endsWith('/poundListedit'))?.body).toEqual({ id: '7', ticketIds: ['1', '2'] });
  });
});

describe('汇款', () => {
  it('shows the remittances as money, refuses an amount that is no number, and sends the typed one', async () => {
    renderInShell(<FreightPlanDialogs kind="remittance" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('plan-remittances').textContent).toContain('¥1,200.00'));
    fireEvent.change(screen.getByTestId('remit-amount'), { target: { value: '12a' } });
    await act(async () => void fireEvent.click(screen.getByTestId('plan-dialog-ok')));
    expect(screen.getByText('汇款金额应为大于0的数字')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/remittance'))).toBe(false);
    fireEvent.change(screen.getByTestId('remit-amount'), { target: { value: '300.5' } });
    await act(async () => void fireEvent.click(screen.getByTestId('plan-dialog-ok')));
    await waitFor(() => expect(sent.find((s) => s.url.endsWith('/remittance'))?.body).toMatchObject({ id: '7', amount: '300.5', method: 'BANK' }));
  });
});
