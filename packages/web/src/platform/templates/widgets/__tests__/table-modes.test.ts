import { describe, expect, it } from 'vitest';
import { toBoardEntries, unreadCount } from '../announcement/board-entries';
import { tileGroups } from '../menu-configuration/menu-tiles';

describe('the Announcement table mode', () => {
  it('reads board rows and list rows alike, the read state only where the rows carry it', () => {
    const entries = toBoardEntries([
      { id: '2', title: '检定', body: '走 2 号磅', level: 'URGENT', publisher: '管理员', publishFrom: '2026-05-01 08:00:00', publishTo: '2026-05-02 08:00:00', pinned: true, read: false },
      { id: 3, title: '结账', body: 'x', pinned: 'false' },
      { title: 'no id' },
    ]);
    expect(entries.map((e) => [e.id, e.pinned, e.read])).toEqual([['2', true, false], ['3', false, undefined]]);
    expect(unreadCount(entries)).toBe(1);
  });
});

describe('the Menu_Configuration table mode', () => {
  it('groups the pages by role, each in its order', () => {
    const groups = tileGroups([
      { roleId: '1', roleName: '司磅员', menuId: '9', name: '采购过磅', path: '/weigh/pu', seq: 2 },
      { roleId: '2', roleName: '会计', menuId: '7', name: '采购结算', path: '/settlement/purchase', seq: 1 },
      { roleId: '1', roleName: '司磅员', menuId: '8', name: '采购登记', path: '/registry/pu', seq: 1 },
    ]);
    expect(groups.map((g) => [g.label, g.tiles.map((t) => t.path)])).toEqual([
      ['司磅员', ['/registry/pu', '/weigh/pu']],
      ['会计', ['/settlement/purchase']],
    ]);
  });
});
