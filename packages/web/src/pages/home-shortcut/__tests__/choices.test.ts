import { describe, expect, it } from 'vitest';
import { byFolder, toggleChosen } from '../choices';

describe('choosing a role\'s home shortcuts', () => {
  it('puts a ticked page last and takes an unticked one out, the others keeping their order', () => {
    expect(toggleChosen(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleChosen(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('shows the pages under their folders in the menu\'s order', () => {
    const page = (id: string, folder: string) => ({ id, name: id, nameEn: null, path: `/${id}`, folder, folderEn: null });
    expect(byFolder([page('a', '过磅'), page('b', '登记'), page('c', '过磅')]).map((f) => [f.folder, f.pages.map((p) => p.id)])).toEqual([['过磅', ['a', 'c']], ['登记', ['b']]]);
  });
});
