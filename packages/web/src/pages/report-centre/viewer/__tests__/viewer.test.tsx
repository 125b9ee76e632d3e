import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportDefinition } from '@wb/protocol';
import { PageContext } from '@/app/layout/page-context';
import type { WorkspacePage } from '@/app/routing/workspace-pages';
import { bindHttp } from '@/platform/api/http';
import { displayWith } from '@/platform/display';
import { usePdfPreview } from '@/platform/print/pdf-preview';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { reportChartOption } from '../chart';
import { headTree, leafColumns } from '../columns';
import { clientDefault, dateMacros, initialFilters } from '../filters';
import { ReportViewerPage } from '../ReportViewer';

const envelope = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { success: true, code: 0, msg: 'ok', data } : { success: false, code: status, msg: '您没有查看该报表的权限', data: null }), { status, headers: { 'content-type': 'application/json' } });

const definition: ReportDefinition = {
  code: 'daily', name: '过磅日报', nameEn: 'Daily weighing', source: { kind: 'dataset', key: 'w.daily' }, params: [],
  columns: [
    { field: 'kind', title: '类型', titleEn: 'Kind' },
    { field: 'material', title: '物料', titleEn: 'Material' },
    { field: 'trips', title: '车次', titleEn: 'Trips', head: 'today' },
    { field: 'net', title: '净重', titleEn: 'Net', head: 'today' },
    { field: 'amount', title: '金额', titleEn: 'Amount', head: 'money' },
  ],
  heads: [{ id: 'all', title: '本期', titleEn: 'Period' }, { id: 'today', title: '本日', titleEn: 'Today', parent: 'all' }, { id: 'money', title: '结算', titleEn: 'Money', parent: 'all' }],
  groupBy: ['kind'], sort: [], page: { size: 'A4', orientation: 'landscape' }, roles: [],
};
const dataset = {
  key: 'w.daily', name: '日报', nameEn: 'Daily',
  params: [{ key: 'day', title: '过磅日期', titleEn: 'Day', type: 'dateRange', required: true, default: '${monthStart},${today}' }],
  fields: [
    { key: 'kind', title: '类型', titleEn: 'Kind', type: 'text' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'trips', title: '车次', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
  ],
};

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  usePdfPreview.getState().close();
});

function open(path: string) {
  const page = { menuId: '' } as unknown as WorkspacePage;
  return renderInShell(
    <PageContext.Provider value={{ page, path, query: new URLSearchParams(), active: true }}>
      <ReportViewerPage />
    </PageContext.Provider>,
  );
}

describe('the report viewer', () => {
  it('reads the code from the leaf, asks with the default period, and shows heads, subtotal and totals rows', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.includes('/api/report/easy/view/daily')) return envelope({ definition, dataset, widths: { net: 180 }, builtIn: true, orgs: [] });
      if (u.includes('/api/report/easy/data/daily')) {
        bodies.push(JSON.parse(String(init?.body)));
        return envelope({
          list: [
            { kind: 'P', material: 'coal', trips: '3', net: '45.6250', amount: '2281.75' },
            { kind: 'P', trips: '3', net: '45.6250', amount: '2281.75', __count: 1, __group: { level: 1, key: 'P' } },
          ],
          total: 1, totals: { trips: '3', net: '45.6250', amount: '2281.75', __count: 1 },
        });
      }
      return new Response('', { status: 404 });
    }));
    open('/reportforms/daily');
    const totals = () => document.querySelector('.wb-report-total') as HTMLElement;
    await waitFor(() => expect(totals()).toBeTruthy(), { timeout: 10_000 });
    const body = bodies[0] as { params: { day: string[] }; page: { pn: number; ps: number } };
    expect(body.params.day).toHaveLength(2);
    expect(body.params.day[0]).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body.page).toEqual({ pn: 1, ps: 50 });
    // two levels of heads over the figures
    for (const head of ['本期', '本日', '结算']) expect(screen.getByText(head)).toBeTruthy();
    const table = screen.getByTestId('report-table');
    expect(table.querySelector('.wb-report-subtotal')?.textContent).toContain('小计 P');
    expect(within(totals()).getByText('合计')).toBeTruthy();
    expect(totals().textContent).toContain('¥2,281.75');
    expect(totals().textContent).toContain('45.63');

    fireEvent.click(screen.getByTestId('report-print'));
    const preview = usePdfPreview.getState().open;
    expect(preview?.path).toBe('/report/print/daily');
    expect((preview?.body as { params: unknown }).params).toEqual(body.params);
  });

  it('says why nothing is there when no row matches, and why a report does not open', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const u = String(url);
      if (u.includes('/easy/view/daily')) return envelope({ definition, dataset, widths: {}, builtIn: true, orgs: [] });
      if (u.includes('/easy/data/daily')) return envelope({ list: [], total: 0, totals: { __count: 0 } });
      if (u.includes('/easy/view/secret')) return envelope(null, 403);
      return new Response('', { status: 404 });
    }));
    open('/reportforms/daily');
    await waitFor(() => expect(screen.getByTestId('report-empty').textContent).toContain('没有符合条件的数据'), { timeout: 10_000 });
    cleanup();
    open('/reportforms/secret');
    await waitFor(() => expect(screen.getByTestId('report-unavailable').textContent).toContain('没有查看的权限'), { timeout: 10_000 });
  });
});

describe('the viewer\'s parts', () => {
  it('nests the columns under their heads, neighbours sharing one cell, the reader\'s width first', () => {
    const leaves = leafColumns(definition, dataset.fields as never, { net: 180 }, false);
    expect(leaves.map((l) => [l.field, l.width, l.align])).toEqual([['kind', 120, 'left'], ['material', 120, 'left'], ['trips', 120, 'right'], ['net', 180, 'right'], ['amount', 120, 'right']]);
    const tree = headTree(leaves, definition, false);
    expect(JSON.stringify(tree.map((n) => ('head' in n ? { [n.title]: n.children.map((c) => ('head' in c ? { [c.title]: c.children.map((x) => ('field' in x ? x.field : '')) } : c.field)) } : n.field)))).toBe(
      JSON.stringify(['kind', 'material', { 本期: [{ 本日: ['trips', 'net'] }, { 结算: ['amount'] }] }]),
    );
  });

  it('starts the filters from the date macros on the plant\'s clock, leaving the others to the server', () => {
    const macros = { today: '2026-12-01', yesterday: '2026-11-30', monthStart: '2026-12-01', yearStart: '2026-01-01' };
    expect(clientDefault('${yesterday}', macros)).toBe('2026-11-30');
    expect(dateMacros('2026-03-01').yesterday).toBe('2026-02-28');
    expect(clientDefault('${userName}', macros)).toBeUndefined();
    expect(initialFilters(dataset.params as never, definition, macros)).toEqual({ day: ['2026-12-01', '2026-12-01'] });
  });

  it('charts the rows without the subtotal rows, a weight in the plant\'s unit', () => {
    const rows = [{ material: 'coal', net: '45.5' }, { material: 'sand', net: '10' }, { material: 'coal', net: '55.5', __group: { level: 1, key: 'x' } }];
    const option = reportChartOption({ type: 'bar', x: 'material', series: ['net'] }, rows, dataset.fields as never, displayWith({ weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 2 }), false) as { xAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.xAxis.data).toEqual(['coal', 'sand']);
    expect(option.series[0]!.data).toEqual([45500, 10000]);
  });
});
