import { describe, expect, it } from 'vitest';
import { buttonsToRehome, entriesToRetire, type MenuRow, treeKeys } from './menu-retire';
import type { MenuSeed } from '../platform/menu/define';

const tree: MenuSeed[] = [
  { name: '通知单', en: 'Notices', path: '/notice', children: [
    { name: '采购通知单', en: 'Purchase notices', path: '/notice/pu', buttons: [{ name: '审核', en: 'Audit', permission: 'notice_pu_audit' }] },
  ] },
  { name: '采购', en: 'Purchase', path: '/purchase', children: [{ name: '采购合同', en: 'Contracts', path: '/purchase/contract' }] },
];
const keys = treeKeys(tree);
const menu = (id: string, parentId: string | null, p: string, seeded = true): MenuRow => ({ id, parentId, kind: 'menu', path: p, permission: null, seeded });
const button = (id: string, parentId: string, permission: string, seeded = true): MenuRow => ({ id, parentId, kind: 'button', path: null, permission, seeded });

describe('which entries an earlier release leaves behind', () => {
  const rows = [
    menu('1', null, '/notice'), menu('2', '1', '/notice/pu'), menu('3', null, '/purchase'), menu('4', '3', '/purchase/contract'),
    menu('5', '3', '/purchase/notice'), button('6', '5', 'notice_pu_audit'), button('7', '5', 'purchase_notice_print'),
    menu('8', null, '/old-area'), menu('9', '8', '/old-area/page'), menu('10', '8', '/old-area/mine', false),
    menu('11', '3', '/purchase/weekly', false), button('12', '4', 'notice_pu_audit_copy', false),
  ];

  it('retires the seeded entries the tree no longer defines, never an administrator\'s, nor a folder above one', () => {
    const rehomed = rows.map((r) => (r.id === '6' ? { ...r, parentId: '2' } : r));
    expect([...entriesToRetire(rehomed, keys)].sort()).toEqual(['5', '7', '9']);
  });

  it('keeps a dropped leaf while a button the tree still defines hangs on it', () => {
    expect([...entriesToRetire(rows, keys)].sort()).toEqual(['7', '9']);
  });

  it('moves a button the tree still defines off a dropped leaf onto its leaf in the tree', () => {
    expect(buttonsToRehome(rows, keys, new Map([['/notice/pu', '2']]))).toEqual([{ id: '6', parentId: '2' }]);
  });

  it('leaves a button an administrator moved onto a kept menu where it is', () => {
    expect(buttonsToRehome([...rows.slice(0, 4), button('6', '4', 'notice_pu_audit')], keys, new Map([['/notice/pu', '2']]))).toEqual([]);
  });
});
