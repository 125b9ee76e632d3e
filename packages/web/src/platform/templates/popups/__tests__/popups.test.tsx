import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormatDefinition, ResourceTemplate } from '@wb/protocol';
import { bindHttp } from '@/platform/api/http';
import { field } from '../../form/rules/__tests__/field';
import { renderInShell } from '../../form/__tests__/shell';
import { DetailPopup } from '../DetailPopup';
import { resourcePopupCode, ResourcePopupHost } from '../ResourcePopupHost';
import { openResourcePopup } from '../resource-popup-store';

// The popups' own decisions against a scripted server; the real server and browser run the
// resource popup in e2e/specs/list-screen.e2e.ts.

function format(over: Partial<FormatDefinition>): FormatDefinition {
  return {
    id: '1', formatCode: 'd', formatName: '明细', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', opations: { main: null, son: null },
    resMethod: null, resUrl: null, treeResUrl: null, treeResMethod: null, ps: null, remark: null, valueResourceSubName: null,
    viewResourceSubName: null, detail_id: null, menuId: null, buttonMenuId: null,
    formSubList: [field({ fieldName: 'plateNumber', fieldExplain: '车牌号' }), field({ fieldName: 'carOwner', fieldExplain: '车主' })],
    listSubList: [],
    ...over,
  };
}

const json = (data: unknown, success = true) =>
  new Response(JSON.stringify({ success, code: success ? 0 : 1, msg: success ? 'ok' : '失败', data }), { status: 200, headers: { 'content-type': 'application/json' } });

let sent: { method: string; url: string; body: unknown }[];
function serve(answer: (url: string) => Response) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url);
  }));
}

// the workspace loads the popup's code on first use; here it is loaded once before the tests
beforeAll(() => resourcePopupCode.load());
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

describe('detail popup', () => {
  it('warns about a template without list method or route and calls nothing', async () => {
    serve(() => json(null));
    renderInShell(<DetailPopup open template={format({})} search={[]} onClose={() => {}} />);
    expect(await screen.findByText('请检查明细模板的列表请求方式和列表请求路由')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('asks the template\'s route with { search } and lays the record out in four columns', async () => {
    serve(() => json({ plateNumber: '浙E12345', carOwner: '王五' }));
    const search = [{ key: 'id', op: 'eq' as const, val: '7' }];
    renderInShell(<DetailPopup open template={format({ resMethod: 'POST', resUrl: '/api/masterdata/vehicle/detail' })} search={search} onClose={() => {}} />);
    expect(await screen.findByText('浙E12345')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/masterdata/vehicle/detail', body: { search } }]);
    expect(document.querySelector('.ant-descriptions-row')?.children.length).toBe(4);
  });

  it('selection variant: 确 定 needs a row (请至少选择一条数据), then returns the chosen rows', async () => {
    serve(() => json({ list: [{ id: '1', plateNumber: '浙E1' }, { id: '2', plateNumber: '浙E2' }], total: 2 }));
    const onConfirm = vi.fn();
    const template = format({ resMethod: 'POST', resUrl: '/api/x/list', listSubList: [field({ fieldName: 'plateNumber', fieldExplain: '车牌号' })] });
    renderInShell(<DetailPopup open selectable template={template} search={[]} onConfirm={onConfirm} onClose={() => {}} />);
    await screen.findByText('浙E2');
    fireEvent.click(screen.getByTestId('detail-ok'));
    expect(await screen.findByText('请至少选择一条数据')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    const second = screen.getByText('浙E2').closest('tr') as HTMLElement;
    await act(async () => fireEvent.click(second.querySelector('input[type="checkbox"]') as HTMLElement));
    fireEvent.click(screen.getByTestId('detail-ok'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith([{ id: '2', plateNumber: '浙E2' }]));
  });
});

describe('resource popup', () => {
  const popupTemplate = (over: Partial<ResourceTemplate> = {}): ResourceTemplate => ({
    ...format({ formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', formatName: '选择承运商', resMethod: 'POST', resUrl: '/api/masterdata/carrier/v2/list' }),
    formSubList: [],
    listSubList: [field({ fieldName: 'carrierName', fieldExplain: '承运商名称', iallowQuery: true })],
    mapData: [{ fieldSub1: { masterTable: 'md_vehicle', fieldName: 'carrierId' }, fieldSub2: { fieldName: 'id' } }],
    search: [],
    ...over,
  });

  it('says 暂无配置的弹窗资源模板，请配置！ (温馨提示) for a field without a template and resolves to nothing', async () => {
    serve(() => json(null));
    renderInShell(<ResourcePopupHost />);
    let choice: unknown = 'pending';
    await act(async () => {
      choice = await openResourcePopup({ cgFormatResId: null });
    });
    expect(choice).toBeNull();
    expect(await screen.findByText('暂无配置的弹窗资源模板，请配置！')).toBeTruthy();
    expect(screen.getAllByText('温馨提示').length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it('closes without a word when the template answer is unsuccessful', async () => {
    serve(() => json(null, false));
    renderInShell(<ResourcePopupHost />);
    let choice: unknown = 'pending';
    await act(async () => {
      choice = await openResourcePopup({ cgFormatResId: '30' });
    });
    expect(choice).toBeNull();
    expect(document.querySelector('[data-testid="resource-popup"]')).toBeNull();
  });

  it('is titled by the format, 75% wide; 确 定 needs a row; a double-click confirms and maps it', async () => {
    serve((url) => (url.includes('/cg-format/res/') ? json(popupTemplate()) : json({ list: [{ id: '8', carrierName: '顺达物流' }], total: 1 })));
    renderInShell(<ResourcePopupHost />);
    let pending!: Promise<unknown>;
    act(() => {
      pending = openResourcePopup({ cgFormatResId: '30', resFormatSubId: '77', filters: { carrierName: '顺达' } });
    });
    expect(await screen.findByText('选择承运商')).toBeTruthy();
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('75%');
    const row = await screen.findByText('顺达物流');
    fireEvent.click(screen.getByTestId('resource-ok'));
    expect(await screen.findByText('最少要选择一条数据！')).toBeTruthy();
    fireEvent.doubleClick(row.closest('tr') as HTMLElement);
    await expect(pending).resolves.toEqual({ rows: [{ id: '8', carrierName: '顺达物流' }], values: { carrierId: '8' }, perRow: [{ carrierId: '8' }] });
    expect(sent[0].url).toBe('/api/cg-format/res/30?resFormatSubId=77');
    expect(sent[1].body).toMatchObject({ search: [{ key: 'carrierName', op: 'eq', val: '顺达' }] });
  });
});
