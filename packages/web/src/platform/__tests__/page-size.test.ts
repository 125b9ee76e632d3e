import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageSize, savePageSize } from '../page-size';

beforeEach(() => window.localStorage.clear());

describe('remembered page size', () => {
  it('starts at 10', () => {
    expect(loadPageSize('1', '/system/log')).toBe(10);
  });
  it('is kept per user and per route', () => {
    savePageSize('1', '/system/log', 40);
    expect(loadPageSize('1', '/system/log')).toBe(40);
    expect(loadPageSize('2', '/system/log')).toBe(10);
    expect(loadPageSize('1', '/system/user')).toBe(10);
  });
  it('ignores sizes outside the choices', () => {
    savePageSize('1', '/x', 33);
    expect(loadPageSize('1', '/x')).toBe(10);
    window.localStorage.setItem('wb-page-size:1:/y', '5000');
    expect(loadPageSize('1', '/y')).toBe(10);
  });
});
