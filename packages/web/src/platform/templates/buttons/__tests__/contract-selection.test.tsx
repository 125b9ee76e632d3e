import type { ReactNode } from 'react';
import { App } from 'antd';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuButton } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { useListActions } from '../useListActions';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const button = (component: string): MenuButton => ({
  id: component, menuId: '2', name: component, label: component, labelEn: component, icon: null, permision: `contract_sa_${component}`, path: null, component, menuFlag: 'web',
});

function clickWithNothingSelected(resUrl: string, component: string) {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
  const { result } = renderHook(() => useListActions({
    resUrl, name: '销售合同', selectedIds: [], request: { limit: { pn: 1, ps: 20 } }, refresh: () => undefined, clearSelection: () => undefined,
  }), { wrapper });
  act(() => result.current.run(button(component)));
  return fetchMock;
}

describe('a contract action clicked with no row selected (spec: Contract action needs selection)', () => {
  it('says 请选择要操作的信息 and sends nothing', () => {
    for (const component of ['audit', 'unaudit', 'obsolete', 'update', 'delList', 'batch:close', 'batch:terminate']) {
      vi.clearAllMocks();
      const fetchMock = clickWithNothingSelected('/api/contract/sa/v2/list', component);
      expect(feedback.warning, component).toHaveBeenCalledWith('请选择要操作的信息', 2);
      expect(fetchMock).not.toHaveBeenCalled();
    }
    vi.clearAllMocks();
    clickWithNothingSelected('/api/contract/pu/amend/v2/list', 'audit');
    expect(feedback.warning).toHaveBeenCalledWith('请选择要操作的信息', 2);
  });

  it('leaves the other lists their own words', () => {
    clickWithNothingSelected('/api/notice/sa/v2/list', 'audit');
    expect(feedback.warning).toHaveBeenCalledWith('请至少选择一条数据！', 2);
  });
});
