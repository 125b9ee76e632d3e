import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { ExportButton } from '../ExportButton';

const envelope = (data: unknown) => new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const xlsx = () => new Response('PK', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename*=UTF-8''a.xlsx" } });
const job = (state: string, rowsWritten: number, ready = false) => ({ id: '9', code: 'daily', fileName: 'a.xlsx', state, rowsWritten, rowsEstimated: 100, percent: rowsWritten, ready, error: null });

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the export button', () => {
  it('saves a small export at once', async () => {
    const fetchMock = vi.fn(async () => xlsx());
    vi.stubGlobal('fetch', fetchMock);
    renderInShell(<ExportButton code="daily" name="日报" params={{ n: 1 }} />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(screen.queryByTestId('report-export-progress')).toBeNull();
  });

  it('shows a large export\'s rows written with a cancel, and saves the file when it is ready', async () => {
    let polls = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return envelope({ jobId: '9' });
      if (url.endsWith('/file')) return xlsx();
      polls++;
      return envelope(polls < 2 ? job('running', 50) : job('done', 100, true));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderInShell(<ExportButton code="daily" name="日报" params={{}} />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(screen.getByTestId('report-export-rows').textContent).toBe('已导出 50 / 100 行'));
    expect(screen.getByTestId('report-export-cancel')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/jobs/9/file'))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('report-export-progress')).toBeNull());
  });

  it('cancels a running export', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return envelope({ jobId: '9' });
      if (init?.method === 'DELETE') return envelope(job('cancelled', 30));
      return envelope(job('running', 30));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderInShell(<ExportButton code="daily" name="日报" params={{}} />);
    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByTestId('report-export-cancel'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/jobs/9') && i?.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('report-export-progress')).toBeNull());
  });
});
