import { passwordProblems } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo';

describe('demo accounts', () => {
  it('have passwords that pass the safety check, so a demo sign-in is not forced to change them', () => {
    for (const a of DEMO_ACCOUNTS) expect(passwordProblems(a.password, a.username), a.username).toEqual([]);
  });
});
