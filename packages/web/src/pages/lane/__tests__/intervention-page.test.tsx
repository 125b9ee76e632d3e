import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PageContext } from '@/app/layout/page-context';
import type { WorkspacePage } from '@/app/routing/workspace-pages';
import { bindHttp } from '@/platform/api/http';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import InterventionPage from '../InterventionPage';

/** The 远程干预 page against the server's answers (fetch stands in for the server). */
const envelope = (data: unknown) => new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

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

describe('远程干预', () => {
  it('shows the camera picture of each truck still waiting above the queue', async () => {
    const own = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:truck'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, own));
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      asked.push(String(url));
      if (String(url).includes('/lane/intervention/v2/list')) {
        return envelope({ list: [
          { id: '5', plateNumber: '苏A10003', message: '皮重偏差超限', stationName: '1号无人值守磅', snapshotFileId: '41' },
          { id: '4', plateNumber: '苏A10009', message: '读数不稳定', stationName: '1号无人值守磅', snapshotFileId: null },
        ] });
      }
      if (String(url).includes('/sys-file-type/img/41')) return new Response(new Uint8Array([0xff, 0xd8]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
      return new Response('', { status: 403 });
    }));
    const page = { menuId: '' } as unknown as WorkspacePage;
    renderInShell(
      <PageContext.Provider value={{ page, path: '/weigh/intervention', query: new URLSearchParams(), active: true }}>
        <InterventionPage />
      </PageContext.Provider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('intervention-picture')).toHaveLength(1));
    await waitFor(() => expect(screen.getByAltText('苏A10003').getAttribute('src')).toBe('blob:truck'));
    expect(screen.getByText('皮重偏差超限')).toBeTruthy();
    expect(asked.some((u) => u.includes('/api/live/vehicles'))).toBe(true);
  });

  it('says when the queue fills while no request waits', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).includes('/lane/intervention/v2/list') ? envelope({ list: [] }) : new Response('', { status: 403 }))));
    const page = { menuId: '' } as unknown as WorkspacePage;
    renderInShell(
      <PageContext.Provider value={{ page, path: '/weigh/intervention', query: new URLSearchParams(), active: true }}>
        <InterventionPage />
      </PageContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('intervention-idle').textContent).toContain('目前没有等待处理的请求'));
    expect(screen.queryByTestId('intervention-pictures')).toBeNull();
  });
});
