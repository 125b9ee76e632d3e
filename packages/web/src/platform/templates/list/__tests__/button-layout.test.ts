import { describe, expect, it } from 'vitest';
import { actionButtons, layoutButtons, withAdvancedButton } from '../button-layout';

const buttons = (n: number) => Array.from({ length: n }, (_, i) => `b${i + 1}`);

describe('list button group', () => {
  it('inserts 高级查询 at position 4 when there are more than 4 buttons', () => {
    expect(withAdvancedButton(buttons(5), 'adv')).toEqual(['b1', 'b2', 'b3', 'adv', 'b4', 'b5']);
  });
  it('appends 高级查询 when there are 4 buttons or fewer', () => {
    expect(withAdvancedButton(buttons(4), 'adv')).toEqual(['b1', 'b2', 'b3', 'b4', 'adv']);
    expect(withAdvancedButton([], 'adv')).toEqual(['adv']);
  });
  it('shows 5 and puts the rest in 更多', () => {
    expect(layoutButtons(buttons(8))).toEqual({ visible: buttons(5), more: ['b6', 'b7', 'b8'] });
  });
  it('keeps a lone overflowing button visible instead of a 更多 of one', () => {
    expect(layoutButtons(buttons(6))).toEqual({ visible: buttons(6), more: [] });
    expect(layoutButtons(buttons(7)).more).toEqual(['b6', 'b7']);
  });
});

describe('which menu entries are buttons', () => {
  it('keeps entries naming an action, not view nor permission-only entries', () => {
    const entry = (id: string, component: string | null) => ({ id, menuId: 'm', name: id, label: id, labelEn: null, icon: null, permision: id, path: null, component, menuFlag: 'web' as const });
    const kept = actionButtons([entry('a', 'create'), entry('b', 'view'), entry('c', null), entry('d', 'whatever'), entry('e', 'delList')]);
    expect(kept.map((b) => b.id)).toEqual(['a', 'e']);
  });
});
