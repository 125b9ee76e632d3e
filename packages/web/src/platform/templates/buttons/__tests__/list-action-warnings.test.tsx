import type { ReactNode } from 'react';
import { App } from 'antd';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuButton } from '@wb/protocol';
import { bindHttp } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { useListActions } from '../useListActions';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const json = (body: unknown) => new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data: body }), { status: 200, headers: { 'content-type': 'application/json' } });

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
  vi.clearAllMocks();
});

const audit: MenuButton = {
  id: '1', menuId: '2', name: '审核', label: '审核', labelEn: 'Audit', icon: null, permision: 'stock_transfer_audit', path: null, component: 'audit', menuFlag: 'web',
};

function auditSelected() {
  const refresh = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
  const { result } = renderHook(() => useListActions({
    resUrl: '/api/stock/transfer/v2/list', name: '移库单', selectedIds: ['5'], request: { limit: { pn: 1, ps: 20 } },
    refresh, clearSelection: () => undefined,
  }), { wrapper });
  act(() => result.current.run(audit));
  return refresh;
}

describe('a list action that went through with warnings', () => {
  it('shows each warning the reply carries after the success', async () => {
    const warning = '仓库 原料库 物料 石灰石 库存为负: -12.5';
    const fetchMock = vi.fn(async () => json({ count: 1, warnings: [warning] }));
    vi.stubGlobal('fetch', fetchMock);
    const refresh = auditSelected();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain('/api/stock/transfer/audit');
    expect(feedback.success).toHaveBeenCalledTimes(1);
    expect(feedback.warning).toHaveBeenCalledWith(warning);
  });

  it('shows no warning for a reply with the count alone', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ count: 1 })));
    const refresh = auditSelected();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(feedback.success).toHaveBeenCalledTimes(1);
    expect(feedback.warning).not.toHaveBeenCalled();
  });
});
