import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { FileImage } from '../FileImage';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: null, orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh',
    tokensRefreshed: () => undefined,
    signedOut: () => undefined,
    failed: () => undefined,
    companyLeft: () => undefined,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderImage(fileId: string | null) {
  const client = new QueryClient();
  return render(<QueryClientProvider client={client}><FileImage fileId={fileId} alt="车头照" /></QueryClientProvider>);
}

describe('FileImage', () => {
  it('shows the image through the signed URL the server gives for its id', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, code: 0, msg: 'ok', data: { url: '/api/sys-file/signed/5?org=7&expires=1&signature=s', expiresAt: '2099-01-01T00:00:00Z' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderImage('5');
    const img = await screen.findByAltText('车头照');
    expect(img.getAttribute('src')).toBe('/api/sys-file/signed/5?org=7&expires=1&signature=s');
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain('/api/sys-file/5/url');
  });

  it('says the image could not be loaded when no URL is given', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { success: false, code: 404, msg: '文件不存在', data: { field: 'id' } })));
    renderImage('6');
    await waitFor(() => expect(screen.getByRole('img', { name: '图片加载失败' })).toBeTruthy());
  });

  it('shows nothing and asks nothing without an id', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderImage(null);
    expect(container.innerHTML).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
