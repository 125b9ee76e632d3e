import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@wb/protocol';
import { buildRouteIndex } from '@/platform/menu/menu-routes';
import { resolveWorkspacePage, tabOf } from '../workspace-pages';

const leaf = (id: string, label: string, path: string, component: string | null = null): MenuItem => ({
  id, parentId: null, label, title: label, labelEn: null, icon: null, path, urlPath: null, component, keepAlive: 1, query: null,
  children: [], buttonUrls: [], group: null, meta: { roles: [] }, menuFlag: 'web',
});

const index = buildRouteIndex([leaf('5', '操作日志', '/system/log', 'system/log'), leaf('6', '车辆', '/masterdata/vehicle'), leaf('7', '帮助文档', 'http://h/help.html')], []);

describe('workspace pages', () => {
  it('resolves home and the fixed pages without the menu', () => {
    expect(resolveWorkspacePage('/clouds/index', '', new Map())?.kind).toBe('home');
    expect(resolveWorkspacePage('/editpwd', '?type=default&id=1', new Map())).toMatchObject({ kind: 'editpwd', keepAlive: false });
  });

  it('resolves a menu page by its path or its /index child, keyed by the menu path', () => {
    expect(resolveWorkspacePage('/system/log/index', '', index)).toMatchObject({ key: '/system/log', kind: 'menu', component: 'system/log', menuId: '5' });
    expect(resolveWorkspacePage('/masterdata/vehicle', '', index)).toMatchObject({ component: null, label: '车辆' });
  });

  it('resolves an embedded external page', () => {
    expect(resolveWorkspacePage('/myiframe/7', '?src=http%3A%2F%2Fh%2Fhelp.html&name=%E5%B8%AE%E5%8A%A9', index)).toMatchObject({ kind: 'iframe', label: '帮助文档' });
    expect(resolveWorkspacePage('/myiframe/99', '?src=http%3A%2F%2Fx&name=X', index)).toMatchObject({ kind: 'iframe', label: 'X' });
  });

  it("resolves an approval's detail without the menu, one tab per approval", () => {
    expect(resolveWorkspacePage('/activti/detail/42', '', new Map())).toMatchObject({ key: '/activti/detail/42', kind: 'workflowDetail', label: '审批详情', labelEn: 'Approval detail' });
    expect(resolveWorkspacePage('/activti/detail/43/', '', new Map())?.key).toBe('/activti/detail/43');
    expect(resolveWorkspacePage('/activti/detail', '', new Map())).toBeNull();
  });

  it('answers null where nothing is, so the redirect rule applies', () => {
    expect(resolveWorkspacePage('/nowhere', '', index)).toBeNull();
    expect(resolveWorkspacePage('/myiframe/99', '', index)).toBeNull();
  });

  it('keeps the query in the tab but keys it by path', () => {
    const page = resolveWorkspacePage('/masterdata/vehicle', '?plate=A', index);
    expect(page && tabOf(page, '?plate=A')).toMatchObject({ value: '/masterdata/vehicle', query: 'plate=A' });
  });
});
