import { describe, expect, it } from 'vitest';
import { findBadText, textProblem } from './input-guard';

describe('textProblem', () => {
  it('accepts ordinary, Chinese, emoji and right-to-left text', () => {
    for (const text of ['', 'admin', '华东水泥', '🚚', '𠮷', 'مرحبا\u202Eabc', "' OR 1=1 --"]) expect(textProblem(text), text).toBeNull();
  });

  it('refuses NUL anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000a', 'a\u0000b']) expect(textProblem(text)).toMatch(/空字符/);
  });

  it('refuses a lone surrogate, high or low, but not a pair', () => {
    expect(textProblem('\uD800')).toMatch(/代理字符/);
    expect(textProblem('a\uDC00')).toMatch(/代理字符/);
    expect(textProblem('\uDC00\uD800')).toMatch(/代理字符/);
    expect(textProblem('\uD842\uDFB7')).toBeNull();
  });
});

describe('findBadText', () => {
  it('names the path of the first bad string in nested objects and lists', () => {
    expect(findBadText({ search: [{ key: 'orgName', val: 'ok' }, { key: 'orgName', val: 'x\u0000' }] })).toMatchObject({ path: 'search.1.val' });
  });

  it('checks object keys too', () => {
    expect(findBadText({ limit: { 'p\u0000n': 1 } })).toMatchObject({ path: 'limit.p\u0000n' });
  });

  it('finds nothing in clean input, numbers, booleans, null and undefined', () => {
    expect(findBadText({ a: 1, b: true, c: null, d: undefined, e: ['水泥', { f: '🚚' }] })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
    expect(findBadText('plain')).toBeNull();
  });

  it('reports a bad bare string with an empty path', () => {
    expect(findBadText('a\u0000')).toMatchObject({ path: '' });
  });

  it('walks input nested deeper than the call stack would allow', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep)?.problem).toMatch(/空字符/);
  });
});
