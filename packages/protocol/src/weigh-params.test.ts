import { describe, expect, it } from 'vitest';
import { readWeighParams, WEIGH_PARAM_DEFAULTS, WEIGH_PARAM_GROUPS, WEIGH_PARAM_KEYS } from './weigh-params';

describe('reading the stored weighing parameters', () => {
  it('fills every key not stored with its default', () => {
    expect(readWeighParams({})).toEqual(WEIGH_PARAM_DEFAULTS);
  });

  it('types the stored text: numbers as numbers, choices as they are', () => {
    expect(readWeighParams({ tareValidHours: '0', emptyGrossCheck: 'forbid', tareAlarmKg: '150.5' })).toMatchObject({
      tareValidHours: 0, emptyGrossCheck: 'forbid', tareAlarmKg: 150.5,
    });
  });

  it('falls back to the default for a value that no longer parses, and ignores unknown keys', () => {
    const read = readWeighParams({ tareValidHours: 'soon', overloadCheck: 'maybe', colour: 'red' });
    expect(read).toEqual(WEIGH_PARAM_DEFAULTS);
  });

  it('shows every parameter in exactly one group of the screen', () => {
    expect(WEIGH_PARAM_GROUPS.flatMap((g) => g.keys).sort()).toEqual([...WEIGH_PARAM_KEYS].sort());
  });
});
