import { describe, expect, it } from 'vitest';
import { decideUnusual, type UnusualInput } from './unusual';
import { T } from './fixtures.test-support';

/** A purchase truck weighed 45.62 t first; the second reading and the figures vary one at a time. */
const input = (over: Partial<UnusualInput> = {}): UnusualInput => ({
  plate: '苏A12345', first: { side: 'gross', weight: T('45.62') }, second: { weight: T('15.2') }, swapped: false,
  gross: T('45.62'), tare: T('15.2'), net: T('30.42'), ratedLoad: null, minNet: null,
  params: { reversedOrder: 'forbid', netOutOfRange: 'forbid' }, confirmed: [], ...over,
});
const reversed = { second: { weight: T('60') }, swapped: true, gross: T('60'), tare: T('45.62'), net: T('14.38') };
const REVERSED = '车辆 苏A12345 毛皮重顺序颠倒：应先称毛重后称皮重，一次过磅 45.62 吨，二次过磅 60 吨反而更重';

describe('an unusual second weighing', () => {
  it('passes the usual order and a net inside the figures, confirming nothing', () => {
    expect(decideUnusual(input({ ratedLoad: T('31'), minNet: T('1') }))).toEqual({ ok: true, confirmed: [] });
  });

  const table: [string, Partial<UnusualInput>, ReturnType<typeof decideUnusual>][] = [
    ['a reversed purchase, forbidden by default', reversed,
      { ok: false, messages: [`${REVERSED}，不能过磅`], confirm: [] }],
    ['a reversed sale (tare first, the second lighter)', {
      first: { side: 'tare', weight: T('45') }, second: { weight: T('15.2') }, swapped: true, gross: T('45'), tare: T('15.2'), net: T('29.8'),
    }, { ok: false, messages: ['车辆 苏A12345 毛皮重顺序颠倒：应先称皮重后称毛重，一次过磅 45 吨，二次过磅 15.2 吨反而更轻，不能过磅'], confirm: [] }],
    ['a reversed order the plant lets through on confirmation, not confirmed', { ...reversed, params: { reversedOrder: 'confirm', netOutOfRange: 'forbid' } },
      { ok: false, messages: [`${REVERSED}，请核实后确认过磅`], confirm: ['reversedOrder'] }],
    ['a reversed order confirmed', { ...reversed, params: { reversedOrder: 'confirm', netOutOfRange: 'forbid' }, confirmed: ['reversedOrder'] },
      { ok: true, confirmed: [{ finding: 'reversedOrder', message: REVERSED }] }],
    ['a confirmation the plant does not allow changes nothing', { ...reversed, confirmed: ['reversedOrder'] },
      { ok: false, messages: [`${REVERSED}，不能过磅`], confirm: [] }],
    ['a confirmation of another finding does not confirm this one', { ...reversed, params: { reversedOrder: 'confirm', netOutOfRange: 'confirm' }, confirmed: ['netOutOfRange'] },
      { ok: false, messages: [`${REVERSED}，请核实后确认过磅`], confirm: ['reversedOrder'] }],
    ['a load above the vehicle\'s rated load', { ratedLoad: T('30') },
      { ok: false, messages: ['车辆 苏A12345 载重 30.42 吨（毛重 45.62 吨 - 皮重 15.2 吨）超过核定载质量 30 吨，不能过磅'], confirm: [] }],
    ['a load exactly at the rated load passes', { ratedLoad: T('30.42') }, { ok: true, confirmed: [] }],
    ['a net below the material\'s minimum, confirmable', { minNet: T('31'), params: { reversedOrder: 'forbid', netOutOfRange: 'confirm' } },
      { ok: false, messages: ['车辆 苏A12345 净重 30.42 吨 低于物料最小净重 31 吨，请核实后确认过磅'], confirm: ['netOutOfRange'] }],
    ['a net below the minimum, confirmed', { minNet: T('31'), params: { reversedOrder: 'forbid', netOutOfRange: 'confirm' }, confirmed: ['netOutOfRange'] },
      { ok: true, confirmed: [{ finding: 'netOutOfRange', message: '车辆 苏A12345 净重 30.42 吨 低于物料最小净重 31 吨' }] }],
    ['one forbidden finding among confirmable ones refuses them all, with nothing to confirm', { ...reversed, ratedLoad: T('10'), params: { reversedOrder: 'confirm', netOutOfRange: 'forbid' }, confirmed: ['reversedOrder'] },
      { ok: false, messages: [REVERSED, '车辆 苏A12345 载重 14.38 吨（毛重 60 吨 - 皮重 45.62 吨）超过核定载质量 10 吨，不能过磅'], confirm: [] }],
    ['two confirmable findings need both confirmed', { ...reversed, ratedLoad: T('10'), params: { reversedOrder: 'confirm', netOutOfRange: 'confirm' }, confirmed: ['reversedOrder'] },
      { ok: false, messages: [`${REVERSED}，请核实后确认过磅`, '车辆 苏A12345 载重 14.38 吨（毛重 60 吨 - 皮重 45.62 吨）超过核定载质量 10 吨，请核实后确认过磅'], confirm: ['reversedOrder', 'netOutOfRange'] }],
  ];
  it.each(table)('%s', (_, over, verdict) => {
    expect(decideUnusual(input(over))).toEqual(verdict);
  });
});
