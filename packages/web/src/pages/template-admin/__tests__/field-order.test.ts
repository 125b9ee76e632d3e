import { describe, expect, it } from 'vitest';
import { moveId, sameOrder, stepId } from '../field-order';

describe('reordering template fields', () => {
  it('puts a dropped field where it was dropped, down or up', () => {
    expect(moveId(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveId(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveId(['a', 'b'], 'a', 'x')).toEqual(['a', 'b']);
  });

  it('moves a field one step with the arrows and keeps it at either end', () => {
    expect(stepId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(stepId(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(stepId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(stepId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('tells an unchanged order from a changed one', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
