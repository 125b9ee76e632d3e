export interface LoginFields {
  username: string;
  password: string;
  code: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginFields, 'usernameRequired' | 'passwordRequired' | 'captchaRequired'>>;

/** Which required fields are empty (the captcha only when the server asks for one). */
export function loginFieldErrors(f: LoginFields, captcha: boolean): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!f.username.trim()) errors.username = 'usernameRequired';
  if (!f.password) errors.password = 'passwordRequired';
  if (captcha && !f.code.trim()) errors.code = 'captchaRequired';
  return errors;
}
