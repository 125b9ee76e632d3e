/**
 * The password safety rule, shared so the change-password form says what the server will refuse.
 * Weak: shorter than 8, fewer than 3 of the 4 character classes, or a known default.
 */
export const DEFAULT_PASSWORDS = ['123456', '12345678', '888888', 'password', 'admin123', 'Abc123456'] as const;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooSimple' | 'isDefault' | 'containsUsername';

export function passwordProblems(password: string, username?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < 8) problems.push('tooShort');
  if (password.length > 64) problems.push('tooLong');
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) problems.push('tooSimple');
  if ((DEFAULT_PASSWORDS as readonly string[]).includes(password)) problems.push('isDefault');
  if (username && username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) {
    problems.push('containsUsername');
  }
  return problems;
}

export const passwordProblemText: Record<PasswordProblem, { zh: string; en: string }> = {
  tooShort: { zh: '密码长度不能少于8位', en: 'At least 8 characters' },
  tooLong: { zh: '密码长度不能超过64位', en: 'At most 64 characters' },
  tooSimple: { zh: '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种', en: 'Use at least three of: upper case, lower case, digits, symbols' },
  isDefault: { zh: '不能使用默认密码', en: 'A default password is not allowed' },
  containsUsername: { zh: '密码不能包含用户名', en: 'The password must not contain the user name' },
};
