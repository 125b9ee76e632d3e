import { describe, expect, it } from 'vitest';
import { loginFieldErrors } from '../login-fields';

describe('sign-in form fields', () => {
  it('names every empty required field', () => {
    expect(loginFieldErrors({ username: ' ', password: '', code: '' }, true)).toEqual({
      username: 'usernameRequired', password: 'passwordRequired', code: 'captchaRequired',
    });
  });
  it('does not ask for a captcha the server switched off', () => {
    expect(loginFieldErrors({ username: 'admin', password: 'x', code: '' }, false)).toEqual({});
  });
  it('keeps spaces inside a password as typed', () => {
    expect(loginFieldErrors({ username: 'admin', password: ' ', code: 'ab12' }, true)).toEqual({});
  });
});
