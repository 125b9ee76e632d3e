import { describe, expect, it } from 'vitest';
import { roleDisableRefusal } from './rules';

describe('role rules', () => {
  it('never switches the administrator role off, any other role may be', () => {
    expect(roleDisableRefusal({ is_admin: true })).toBe('管理员角色不能停用');
    expect(roleDisableRefusal({ is_admin: false })).toBeNull();
  });
});
