import { describe, expect, it } from 'vitest';
import { decideErrorAction, errorText, isSystemFailure } from '../error-policy';

const fail = (status: number, msg = '', missingPermission: string | null = null) => ({
  status, body: { success: false, msg }, missingPermission,
});

describe('error handling decisions', () => {
  it('treats a 401 as an expired session whatever it says', () => {
    expect(decideErrorAction(fail(401, '长时间未操作, 登录已失效, 请重新登录'), 'zh', false)).toEqual({ kind: 'expired' });
  });

  it('registers a missing permission only for an administrator', () => {
    expect(decideErrorAction(fail(403, '没有权限执行此操作', 'sys_log_view'), 'zh', true)).toMatchObject({ kind: 'registerPermission', permission: 'sys_log_view' });
    expect(decideErrorAction(fail(403, '没有权限执行此操作', 'sys_log_view'), 'zh', false)).toEqual({ kind: 'notify', text: '没有权限执行此操作' });
  });

  it('opens the way out when the session\'s company was left', () => {
    expect(decideErrorAction(fail(403, '您已不属于当前组织，请重新选择公司'), 'zh', true))
      .toEqual({ kind: 'companyLeft', text: '您已不属于当前组织，请重新选择公司' });
  });

  it('leaves the white-listed captcha error to the login form', () => {
    expect(decideErrorAction(fail(428, '验证码错误,请重新输入'), 'zh', false)).toEqual({ kind: 'inline', text: '验证码错误,请重新输入' });
  });

  it('signs out when the server message asks for a new sign-in', () => {
    expect(decideErrorAction({ status: 200, body: { success: false, msg: '令牌失效，请重新登录' }, missingPermission: null }, 'zh', false))
      .toEqual({ kind: 'relogin', text: '令牌失效，请重新登录' });
  });

  it('notifies any other failure with the server message', () => {
    expect(decideErrorAction(fail(400, '参数 id 错误: 应为数字编号'), 'zh', false)).toEqual({ kind: 'notify', text: '参数 id 错误: 应为数字编号' });
    expect(decideErrorAction({ status: 200, body: { success: false, msg: '单据已审核' }, missingPermission: null }, 'zh', false))
      .toEqual({ kind: 'notify', text: '单据已审核' });
  });

  it('shows a 500 message only when it is Chinese and shorter than 30 characters', () => {
    expect(errorText(500, '数据库连接失败', 'zh')).toBe('数据库连接失败');
    expect(errorText(500, 'NullPointerException at line 3', 'zh')).toBe('系统内部错误，请联系管理员');
    expect(errorText(500, '这是一段非常长的服务器内部错误信息它超过了三十个字符的限制所以不应显示给用户', 'zh')).toBe('系统内部错误，请联系管理员');
    expect(errorText(502, '', 'en')).toBe('Internal system error, contact the administrator');
  });

  it('uses the catalogue texts for the fixed statuses', () => {
    expect(errorText(426, 'whatever', 'zh')).toBe('用户名或密码错误');
    expect(errorText(423, '', 'zh')).toBe('演示环境，没有权限操作');
    expect(errorText(479, '', 'en')).toBe('Demo environment: no permission');
    expect(errorText(404, '资源不存在: GET /api/x', 'zh')).toBe('资源不存在');
    expect(errorText(417, '', 'zh')).toBe('未绑定登录账号，请使用密码登录后绑定');
  });

  it('keeps the minutes of a locked account in Chinese and the catalogue text in English', () => {
    expect(errorText(429, '登录失败次数过多，账号已临时锁定，请15分钟后再试', 'zh')).toContain('15分钟');
    expect(errorText(429, '登录失败次数过多，账号已临时锁定，请15分钟后再试', 'en')).toBe('Requests too frequent');
  });

  it('names an unanswered call an unknown system error', () => {
    expect(errorText(0, '', 'zh')).toBe('未知系统错误，请反馈给管理员');
  });
});

describe('what the error-log badge counts', () => {
  it('counts no answer and 5xx as failures, never a refusal (4xx)', () => {
    for (const status of [0, 500, 502, 503]) expect(isSystemFailure(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 423, 429]) expect(isSystemFailure(status)).toBe(false);
  });
});
