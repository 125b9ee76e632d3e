import { describe, expect, it } from 'vitest';
import { MOST_SHORTCUTS } from '@wb/protocol';
import { byFolder, canTickMore, toggleChosen } from '../choices';

describe('choosing a role\'s home shortcuts', () => {
  it('puts a ticked page last and takes an unticked one out, the others keeping their order', () => {
    expect(toggleChosen(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleChosen(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('takes no page past the most a home page shows, and still lets one be unticked then', () => {
    const full = Array.from({ length: MOST_SHORTCUTS }, (_, i) => `p${i}`);
    expect(canTickMore(full.slice(1))).toBe(true);
    expect(canTickMore(full)).toBe(false);
    expect(toggleChosen(full, 'extra')).toEqual(full);
    expect(toggleChosen(full, 'p3')).toHaveLength(MOST_SHORTCUTS - 1);
  });

  it('shows the pages under their folders in the menu\'s order', () => {
    const page = (id: string, folder: string) => ({ id, name: id, nameEn: null, path: `/${id}`, folder, folderEn: null });
    expect(byFolder([page('a', '过磅'), page('b', '登记'), page('c', '过磅')]).map((f) => [f.folder, f.pages.map((p) => p.id)])).toEqual([['过磅', ['a', 'c']], ['登记', ['b']]]);
  });
});
