import { describe, expect, it } from 'vitest';
import { fieldLabel, formatTitle, withOptionLabels } from '../field-label';

describe('labels in the screen\'s language', () => {
  it('takes the English label, name and option labels in English, the Chinese ones otherwise or where none is set', () => {
    const f = { fieldExplain: '车牌颜色', fieldExplainEn: 'Plate colour', options: [{ value: 'YELLOW', label: '黄牌', labelEn: 'Yellow' }, { value: 'X', label: '其他' }] };
    expect(fieldLabel(f, true)).toBe('Plate colour');
    expect(fieldLabel(f, false)).toBe('车牌颜色');
    expect(fieldLabel({ ...f, fieldExplainEn: null }, true)).toBe('车牌颜色');
    expect(withOptionLabels(f, true).options.map((o) => o.label)).toEqual(['Yellow', '其他']);
    expect(withOptionLabels(f, false)).toBe(f);
    expect(formatTitle({ formatName: '新增车辆', formatNameEn: 'New vehicle' }, true)).toBe('New vehicle');
    expect(formatTitle({ formatName: '新增车辆', formatNameEn: null }, true)).toBe('新增车辆');
  });
});
