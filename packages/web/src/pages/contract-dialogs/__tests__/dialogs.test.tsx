import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { ContractDialogs } from '../ContractDialogs';
import '../ContractDialogHost';
import { useContractDialog } from '../dialog-store';

/** The dialogs against the server's answers (fetch stands in for the server; the e2e spec drives the real one). */
const envelope = (data: unknown, status = 200, msg = 'ok') =>
  new Response(JSON.stringify({ success: status === 200, code: status === 200 ? 0 : status, msg, data }), { status, headers: { 'content-type': 'application/json' } });

const contract = (docStatus: string) => ({
  id: '5', contractNo: 'XSHT202603010001', docStatus,
  entitysub: [{ materialCode: '0101001', materialName: '石灰石' }],
  qualityTerms: [{ seq: 1, materialCode: '0101001', itemCode: 'MT', itemName: '全水', standardValue: '8', direction: 'MAX', deductStep: '0.5', deductPercent: '1', bandStep: null, bandPrice: null, rejectLimit: '12', remark: null, deductBasis: 'DRY', bandMode: 'STEP' }],
  amendHistory: [{ amendNo: 'XSBC202603010001', lineSeq: 1, field: 'price', before: '38.5', after: '40', changedAt: '2026-03-01T02:00:00Z', changedBy: '张会计' }],
});

let sent: { url: string; body: unknown }[];
function serve(status: string, onSave?: (body: unknown) => Response) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    if (url.includes('/get/')) return envelope(contract(status));
    return onSave?.(body) ?? envelope({ id: '5', count: 1 });
  }));
}

const ctx = (refresh = vi.fn()): PageActionContext => ({
  base: '/api/contract/sa', button: { id: 'b', name: 'x', label: 'x' } as PageActionContext['button'], selectedIds: ['5'],
  selectedRows: [{ id: '5' }], refresh, clearSelection: () => undefined,
});
const cell = (row: number, column: string) => screen.getByTestId(`quality-cell-${row}-${column}`);

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useContractDialog.getState().close();
});

describe('the contract list’s 质量条款 and 变更记录 buttons', () => {
  it('open their dialog on exactly one contract', async () => {
    for (const name of ['contractQualityTerms', 'contractAmendHistory']) {
      await pageAction(name)?.({ ...ctx(), selectedIds: [] });
      expect(useContractDialog.getState().open).toBeNull();
      await pageAction(name)?.({ ...ctx(), selectedIds: ['5', '6'] });
      expect(useContractDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx());
      expect(useContractDialog.getState().open).toMatchObject({ kind: name, ctx: { selectedIds: ['5'] } });
      useContractDialog.getState().close();
    }
  });
});

describe('质量条款', () => {
  it('loads a draft’s terms, saves them whole with the edit, and reloads the list', async () => {
    serve('FREE');
    const refresh = vi.fn();
    const onClose = vi.fn();
    renderInShell(<ContractDialogs kind="contractQualityTerms" ctx={ctx(refresh)} onClose={onClose} />);
    await waitFor(() => expect((cell(0, 'standardValue') as HTMLInputElement).value).toBe('8'));
    fireEvent.change(cell(0, 'rejectLimit'), { target: { value: '11' } });
    await act(async () => void fireEvent.click(screen.getByTestId('quality-ok')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.url.endsWith('/contract/sa/quality'))?.body).toEqual({
      id: '5', terms: [{ materialCode: '0101001', itemCode: 'MT', itemName: '全水', standardValue: '8', direction: 'MAX', deductStep: '0.5', deductPercent: '1', deductBasis: 'DRY', bandStep: null, bandPrice: null, bandMode: 'STEP', rejectLimit: '11', remark: null }],
    });
    expect(refresh).toHaveBeenCalled();
  });

  it('keeps the server’s refusal in the dialog, at the cell it names', async () => {
    serve('FREE', () => envelope({ field: 'rejectLimit' }, 400, '第1行 拒收限值须高于标准值'));
    const onClose = vi.fn();
    renderInShell(<ContractDialogs kind="contractQualityTerms" ctx={ctx()} onClose={onClose} />);
    await waitFor(() => expect((cell(0, 'rejectLimit') as HTMLInputElement).value).toBe('12'));
    fireEvent.change(cell(0, 'rejectLimit'), { target: { value: '5' } });
    await act(async () => void fireEvent.click(screen.getByTestId('quality-ok')));
    await waitFor(() => expect(screen.getByTestId('quality-problem').textContent).toContain('第1行 拒收限值须高于标准值'));
    expect(cell(0, 'rejectLimit').closest('.ant-input-status-error, .ant-input-outlined')?.className).toContain('status-error');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('only shows the terms of a contract in force, with nothing to save', async () => {
    serve('AUDITED');
    renderInShell(<ContractDialogs kind="contractQualityTerms" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(cell(0, 'standardValue').textContent).toBe('8'));
    expect(cell(0, 'direction').textContent).toBe('不高于');
    expect(screen.getByTestId('quality-readonly')).toBeTruthy();
    expect(screen.queryByTestId('quality-ok')).toBeNull();
    expect(screen.queryByTestId('quality-add')).toBeNull();
  });
});

describe('变更记录', () => {
  it('shows each changed value in words, before and after, and who audited it', async () => {
    serve('AUDITED');
    renderInShell(<ContractDialogs kind="contractAmendHistory" ctx={ctx()} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByText('XSBC202603010001')).toBeTruthy());
    const row = screen.getByText('XSBC202603010001').closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['XSBC202603010001', '1', '单价', '¥38.50', '¥40.00', expect.stringMatching(/^2026-03-01 \d\d:00:00$/), '张会计']);
  });
});
