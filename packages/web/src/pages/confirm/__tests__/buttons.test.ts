import { describe, expect, it } from 'vitest';
import { buttonLabel, isPressable, pressStep, rowButtons } from '../buttons';

describe('site confirmation buttons on the web', () => {
  it('says 合格 and 不合格 in sampling mode and the normal words otherwise', () => {
    expect(buttonLabel('CONFIRM', true, false)).toBe('合格');
    expect(buttonLabel('CONFIRM_AGAIN', true, false)).toBe('合格');
    expect(buttonLabel('CONFIRM_NOT', true, false)).toBe('不合格');
    expect(buttonLabel('CONFIRM_NOT', false, false)).toBe('取消确认');
    expect(buttonLabel('SINGLE_WEIGH', false, false)).toBe('车辆重出');
    expect(buttonLabel('SINGLE_EMPTY', false, true)).toBe('Leaves empty');
  });

  it('shows the buttons the server sent, pressable exactly when it said ihandle', () => {
    expect(rowButtons({ ihandle: true, confirmSubButs: ['CONFIRM_AGAIN', 'CONFIRM_NOT'] })).toEqual({ buttons: ['CONFIRM_AGAIN', 'CONFIRM_NOT'], actionable: true });
    expect(rowButtons({ ihandle: false, confirmSubButs: ['CONFIRM'] })).toEqual({ buttons: ['CONFIRM'], actionable: false });
    expect(rowButtons({ confirmSubButs: ['CONFIRM'] }).actionable).toBe(false);
    expect(rowButtons({ ihandle: false })).toEqual({ buttons: [], actionable: false });
    expect(isPressable('CONFIRM_NO')).toBe(false);
    expect(isPressable('SINGLE_EMPTY')).toBe(true);
  });

  it('asks for deductions on a confirmation, a yes on the others, the sample dialog when sampling', () => {
    expect(pressStep('CONFIRM', false)).toBe('deductions');
    expect(pressStep('CONFIRM_NOT', false)).toBe('ask');
    expect(pressStep('SINGLE_EMPTY', false)).toBe('ask');
    expect(pressStep('CONFIRM_NOT', true)).toBe('sample');
  });
});
