import { describe, expect, it } from 'vitest';
import { allIds, checkEntry, indexTree, uncheckEntry, type TreeNode } from '../tree-checks';

const node = (id: string, parentId: string | null, children: TreeNode[] = []): TreeNode => ({ id, parentId, children });
// system > (users > [view, edit]), (roles)
const tree = [node('sys', null, [node('users', 'sys', [node('view', 'users'), node('edit', 'users')]), node('roles', 'sys')])];
const index = indexTree(tree);
const sorted = (s: Set<string>) => [...s].sort();

describe('checking the permission tree', () => {
  it('checks a menu with its buttons and the folders above it', () => {
    expect(sorted(checkEntry(new Set(), 'users', index))).toEqual(['edit', 'sys', 'users', 'view']);
  });

  it('checks a button with its menu and folder', () => {
    expect(sorted(checkEntry(new Set(), 'edit', index))).toEqual(['edit', 'sys', 'users']);
  });

  it('unchecks a menu with its buttons but keeps the folder for its other menus', () => {
    const all = new Set(allIds(index));
    expect(sorted(uncheckEntry(all, 'users', index))).toEqual(['roles', 'sys']);
  });

  it('unchecks a folder with everything under it', () => {
    expect(sorted(uncheckEntry(new Set(allIds(index)), 'sys', index))).toEqual([]);
  });
});
