import { describe, expect, it } from 'vitest';
import { newRandomStr } from '../random-str';

describe('captcha key', () => {
  it('fits the server rule and differs every time', () => {
    const a = newRandomStr();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newRandomStr()).not.toBe(a);
  });
});
