import { passwordProblems, passwordProblemText } from '@wb/protocol';

/**
 * What the form says about a new password before the server is asked: the shared safety rule
 * (the server refuses the same), and that it must differ from the current one.
 */
export function newPasswordIssues(next: string, username: string, current: string, lang: 'zh' | 'en', sameText: string): string[] {
  const issues = passwordProblems(next, username).map((p) => passwordProblemText[p][lang]);
  if (next && next === current) issues.unshift(sameText);
  return issues;
}
