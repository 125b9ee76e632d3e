import { describe, expect, it } from 'vitest';
import { adminGrantRefusal, disableSelfRefusal } from './rules';

describe('user administration rules', () => {
  it('refuses switching off one’s own account, alone or in a batch, and lets others be switched off', () => {
    expect(disableSelfRefusal(['7'], '7')).toBe('不能停用自己的账号');
    expect(disableSelfRefusal(['3', '7', '9'], '7')).toBe('不能停用自己的账号');
    expect(disableSelfRefusal(['3', '9'], '7')).toBeNull();
  });

  it('leaves the administrator role to administrators, and any other role to a user manager', () => {
    expect(adminGrantRefusal(true, false)).toBe('只有管理员可以授予或收回管理员角色');
    expect(adminGrantRefusal(true, true)).toBeNull();
    expect(adminGrantRefusal(false, false)).toBeNull();
  });
});
