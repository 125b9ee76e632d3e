import { describe, expect, it } from 'vitest';
import { ALERT_RULES, SETTING_FIELDS, parseSettings } from './settings';

describe('alert settings', () => {
  it('every rule has a name in both languages and every key of its defaults is described', () => {
    for (const r of ALERT_RULES) {
      expect(r.label).toMatch(/[\u4e00-\u9fff]/);
      expect(r.labelEn).toMatch(/^[A-Z]/);
      for (const key of Object.keys(r.defaults)) expect(SETTING_FIELDS[key], `${r.rule}.${key}`).toBeDefined();
      // the defaults themselves parse
      expect(parseSettings(r.rule, r.defaults)).toEqual({ ok: true, settings: r.defaults });
    }
  });

  it('answers the keys given, numbers typed as text taken as numbers', () => {
    expect(parseSettings('TARE_DRIFT', { threshold: '4.5', minHistory: 8 })).toEqual({ ok: true, settings: { threshold: 4.5, minHistory: 8 } });
    expect(parseSettings('OUT_OF_HOURS', { from: '20:00', to: '06:00' })).toEqual({ ok: true, settings: { from: '20:00', to: '06:00' } });
    expect(parseSettings('OTHER_SCALE', { forbid: true })).toEqual({ ok: true, settings: { forbid: true } });
    expect(parseSettings('TARE_DRIFT', {})).toEqual({ ok: true, settings: {} });
  });

  it('refuses bad settings naming the field in zh-CN', () => {
    expect(parseSettings('TARE_DRIFT', null)).toMatchObject({ ok: false, field: 'settings' });
    expect(parseSettings('TARE_DRIFT', [1])).toMatchObject({ ok: false, field: 'settings' });
    expect(parseSettings('TARE_DRIFT', { threshold: 'abc' })).toEqual({ ok: false, field: 'threshold', message: '稳健分数阈值(threshold)必须是数字' });
    expect(parseSettings('TARE_DRIFT', { threshold: 0 })).toMatchObject({ ok: false, field: 'threshold', message: expect.stringContaining('不能小于') });
    expect(parseSettings('TARE_DRIFT', { minHistory: 2.5 })).toMatchObject({ ok: false, field: 'minHistory', message: expect.stringContaining('必须是整数') });
    expect(parseSettings('TARE_DRIFT', { minHistory: 30, lastN: 10 })).toMatchObject({ ok: false, field: 'minHistory' });
    expect(parseSettings('TARE_DRIFT', { windowMinutes: 5 })).toMatchObject({ ok: false, field: 'windowMinutes', message: expect.stringContaining('皮重偏离') });
    expect(parseSettings('OUT_OF_HOURS', { from: '25:00' })).toMatchObject({ ok: false, field: 'from', message: expect.stringContaining('HH:MM') });
    expect(parseSettings('OUT_OF_HOURS', { from: '22:00' })).toMatchObject({ ok: false, field: 'to' });
    expect(parseSettings('OTHER_SCALE', { forbid: 'yes' })).toMatchObject({ ok: false, field: 'forbid' });
    expect(parseSettings('READING_JUMP', { maxStepShare: 2 })).toMatchObject({ ok: false, field: 'maxStepShare', message: expect.stringContaining('不能大于 1') });
    expect(parseSettings('NOPE' as never, {})).toMatchObject({ ok: false, field: 'rule' });
  });
});
