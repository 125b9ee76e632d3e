import { describe, expect, it } from 'vitest';
import type { MenuButton, MenuItem } from '@wb/protocol';
import { buildRouteIndex, findEntry, leafPaths, leafTarget, menuTrail, searchMenu, shownMenu, visibleMenu } from '../menu-routes';

let seq = 0;
function item(label: string, path: string, extra: Partial<MenuItem> = {}): MenuItem {
  seq += 1;
  return {
    id: String(seq), parentId: null, label, title: label, labelEn: null, icon: null, path, urlPath: null, component: null,
    keepAlive: 1, query: null, children: [], buttonUrls: [], group: null, meta: { roles: [] }, menuFlag: 'web', ...extra,
  };
}

describe('a second level and hidden pages', () => {
  const form = item('收款登记单', '/modules/sale/recive_payment/edit', { hidden: true, component: 'money/receipt-edit' });
  const money = item('客户资金', '/sale/menu-group/money', { children: [item('收款登记', '/sale/receive-payment'), form] });
  const onlyHidden = item('字典', '/sale/menu-group/dict', { children: [item('字典项', '/md/dict-item', { hidden: true })] });
  const reconcile = item('对账查询', '/settlement/reconcile');
  const menu = [item('销售', '/sale', { children: [money, onlyHidden] }), item('结算管理', '/settlement', { children: [reconcile] })];

  it('shows no hidden page and no folder left without pages, and keeps the hidden page\'s route', () => {
    const shown = shownMenu(menu);
    expect(shown[0].children.map((m) => m.label)).toEqual(['客户资金']);
    expect(shown[0].children[0].children.map((m) => m.label)).toEqual(['收款登记']);
    expect(findEntry(buildRouteIndex(menu, []), '/modules/sale/recive_payment/edit')?.component).toBe('money/receipt-edit');
  });

  it('finds a page inside a second-level folder by its title, but not a hidden one', () => {
    expect(searchMenu(menu, '收款登记').map((m) => m.path)).toEqual(['/sale/receive-payment']);
    expect(searchMenu(menu, '对账').map((m) => m.path)).toEqual(['/settlement/reconcile']);
  });

  it('names every page below a folder, at any depth', () => {
    expect(leafPaths(menu[0])).toEqual(['/sale/receive-payment', '/modules/sale/recive_payment/edit', '/md/dict-item']);
  });
});

describe('menu to routes', () => {
  it('drops handset entries', () => {
    const menu = [item('基础资料', '/md', { children: [item('车辆', '/md/vehicle'), item('手持机', '/md/handset', { menuFlag: 'app' })] })];
    expect(visibleMenu(menu, []).flatMap((m) => m.children.map((c) => c.label))).toEqual(['车辆']);
  });

  it('hides entries whose roles lack all of the user roles, and folders left empty', () => {
    const menu = [
      item('库存', '/stock', { meta: { roles: ['ROLE_ACCOUNTANT'] }, children: [item('库存查询', '/stock/balance', { meta: { roles: ['ROLE_ACCOUNTANT'] } })] }),
      item('采购', '/pu', {
        meta: { roles: ['ROLE_OPERATOR', 'ROLE_ACCOUNTANT'] },
        children: [
          item('登记单', '/pu/registry', { meta: { roles: ['ROLE_OPERATOR'] } }),
          item('合同', '/pu/contract', { meta: { roles: ['ROLE_ACCOUNTANT'] } }),
        ],
      }),
      item('空目录', '/empty', { children: [item('仅会计', '/empty/x', { meta: { roles: ['ROLE_ACCOUNTANT'] } })] }),
    ];
    const seen = visibleMenu(menu, ['ROLE_OPERATOR']);
    expect(seen.map((m) => m.label)).toEqual(['采购']);
    expect(seen[0].children.map((m) => m.label)).toEqual(['登记单']);
  });

  it('gives each leaf its path and an /index child, and external leaves an iframe route', () => {
    const log = item('操作日志', '/system/log', { component: 'system/log' });
    const help = item('帮助文档', 'http://localhost:8080/help.html');
    const index = buildRouteIndex([item('系统', '/system', { children: [log, help] })], []);
    expect(findEntry(index, '/system/log')?.component).toBe('system/log');
    expect(findEntry(index, '/system/log/index')?.id).toBe(log.id);
    expect(findEntry(index, '/system/log?x=1')?.id).toBe(log.id);
    expect(findEntry(index, `/myiframe/${help.id}`)?.label).toBe('帮助文档');
    expect(findEntry(index, '/system')).toBeNull();
  });

  it('turns buttons with a path into routes keyed by their id, and skips handset buttons', () => {
    const btn = (id: string, path: string | null, flag: 'web' | 'app' = 'web'): MenuButton => ({
      id, menuId: '9', name: 'b', label: '新增组', labelEn: null, icon: null, permision: `p${id}`, path, component: null, menuFlag: flag,
    });
    const index = buildRouteIndex([], [btn('77', '/modules/material/computation_group/edit'), btn('78', null), btn('79', '/app/x', 'app')]);
    expect(findEntry(index, '/modules/material/computation_group/edit')?.id).toBe('77');
    expect(index.size).toBe(1);
  });

  it('opens an external leaf in the iframe page with the menu fields as query', () => {
    const help = item('帮助文档', 'http://localhost:8080/help.html', { labelEn: 'Help' });
    const target = leafTarget(help, true);
    expect(target.kind).toBe('route');
    const url = new URL(target.kind === 'route' ? target.to : '', 'http://x');
    expect(url.pathname).toBe(`/myiframe/${help.id}`);
    expect(url.searchParams.get('src')).toBe('http://localhost:8080/help.html');
    expect(url.searchParams.get('name')).toBe('帮助文档');
  });

  it('opens a page of this server (the help page) in a new browser tab, with or without tags, and gives it no route', () => {
    const help = item('帮助文档', '/help.html', { labelEn: 'Help' });
    expect(leafTarget(help, true)).toEqual({ kind: 'window', url: '/help.html' });
    expect(leafTarget(help, false)).toEqual({ kind: 'window', url: '/help.html' });
    const index = buildRouteIndex([item('系统', '/system', { children: [help] })], []);
    expect(index.size).toBe(0);
  });

  it('opens the wall board (/clouds/index1) in a new window, never as a tab, and gives it no route', () => {
    const board = item('厂区大屏', '/clouds/index1', { labelEn: 'Plant wall board' });
    expect(leafTarget(board, true)).toEqual({ kind: 'window', url: '/clouds/index1' });
    expect(leafTarget(board, false)).toEqual({ kind: 'window', url: '/clouds/index1' });
    expect(buildRouteIndex([item('报表中心', '/reportforms', { children: [board] })], []).size).toBe(0);
  });

  it('opens separate sites (jzjk, pd, dsrw) in a new window at their login', () => {
    const leaf = item('计重监控', '/monitor', { buttonUrls: ['/jzjk'] });
    expect(leafTarget(leaf, true)).toEqual({ kind: 'window', url: '/jzjk/#/login' });
    expect(leafTarget(item('更新', '/u', { buttonUrls: ['/api/update'] }), true).kind).toBe('route');
  });

  it('opens leaves in a new window when tags are off', () => {
    expect(leafTarget(item('车辆', '/md/vehicle', { query: 'type=1' }), false)).toEqual({ kind: 'window', url: '/md/vehicle?type=1' });
  });

  it('searches leaves by title in either language', () => {
    const menu = [item('系统', '/s', { children: [item('操作日志', '/s/log', { labelEn: 'Operation log' }), item('用户管理', '/s/user')] })];
    expect(searchMenu(menu, '日志').map((m) => m.label)).toEqual(['操作日志']);
    expect(searchMenu(menu, 'operation').map((m) => m.label)).toEqual(['操作日志']);
    expect(searchMenu(menu, '  ')).toEqual([]);
  });

  it('finds the trail of open submenus down to an entry', () => {
    const leaf = item('b', '/a/b');
    const menu = [item('a', '/a', { children: [leaf] })];
    expect(menuTrail(menu, leaf.id)).toEqual([menu[0].id, leaf.id]);
  });
});
