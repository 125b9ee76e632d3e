import { describe, expect, it } from 'vitest';
import { passwordProblemText } from '@wb/protocol';
import { newPasswordRefusal, resetPasswordRefusal } from './rules';

describe('newPasswordRefusal', () => {
  it('accepts a strong new password', () => {
    expect(newPasswordRefusal('Fresh#Weigh2027', 'operator', 'Weigh@2026')).toBeNull();
  });

  it('refuses the old password again before naming any strength rule', () => {
    expect(newPasswordRefusal('abc', 'operator', 'abc')).toBe('新密码不能与原密码相同');
  });

  it('names the first rule the password breaks', () => {
    expect(newPasswordRefusal('Ab#1', 'operator')).toBe(passwordProblemText.tooShort.zh);
    expect(newPasswordRefusal('abcdefghij', 'operator')).toBe(passwordProblemText.tooSimple.zh);
    expect(newPasswordRefusal('Operator#2027', 'operator')).toBe(passwordProblemText.containsUsername.zh);
  });

  it('checks strength alone when there is no old password to compare', () => {
    expect(newPasswordRefusal('Fresh#Weigh2027', 'operator')).toBeNull();
  });
});

describe('resetPasswordRefusal', () => {
  it('takes 6 to 64 characters', () => {
    expect(resetPasswordRefusal('12345')).toBe('密码长度应为6到64位');
    expect(resetPasswordRefusal('x'.repeat(65))).toBe('密码长度应为6到64位');
    expect(resetPasswordRefusal('123456')).toBeNull();
    expect(resetPasswordRefusal('x'.repeat(64))).toBeNull();
  });
});
