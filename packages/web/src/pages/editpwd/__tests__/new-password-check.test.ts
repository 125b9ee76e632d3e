import { describe, expect, it } from 'vitest';
import { newPasswordIssues } from '../new-password-check';

describe('new password check', () => {
  it('accepts a strong password', () => {
    expect(newPasswordIssues('Scale#2027x', 'operator', 'Weigh@2026', 'zh', '相同')).toEqual([]);
  });
  it('says why a weak one is refused, in the chosen language', () => {
    expect(newPasswordIssues('abc', 'operator', 'x', 'zh', '相同')).toContain('密码长度不能少于8位');
    expect(newPasswordIssues('operator@A1', 'operator', 'x', 'en', 'same')).toContain('The password must not contain the user name');
  });
  it('refuses the current password again', () => {
    expect(newPasswordIssues('Weigh@2026', 'operator', 'Weigh@2026', 'zh', '新密码不能与原密码相同')[0]).toBe('新密码不能与原密码相同');
  });
});
