import { passwordProblems, passwordProblemText } from '@wb/protocol';

/** The first reason a new password is refused, in the user's words, or null when it is fine. */
export function newPasswordRefusal(newPassword: string, username: string, oldPassword?: string): string | null {
  if (oldPassword !== undefined && newPassword === oldPassword) return '新密码不能与原密码相同';
  const problem = passwordProblems(newPassword, username)[0];
  return problem ? passwordProblemText[problem].zh : null;
}

/** A reset password is only a way in until the user picks their own: its length is all that is asked. */
export function resetPasswordRefusal(newPassword: string): string | null {
  return newPassword.length < 6 || newPassword.length > 64 ? '密码长度应为6到64位' : null;
}
