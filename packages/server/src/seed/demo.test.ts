import { passwordProblems } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo';

describe('demo accounts', () => {
  it('have passwords that pass the safety check, so a demo sign-in is not forced to change them', () => {
    for (const a of DEMO_ACCOUNTS) expect(passwordProblems(a.password, a.username), a.username).toEqual([]);
  });
});

describe('demo menu grants', () => {
  it('grant a folder to exactly the roles holding one of its leaves', async () => {
    const { MENU_TREE } = await import('./menus');
    const { grantedRoles } = await import('./demo');
    const reports = MENU_TREE.find((m) => m.path === '/reportforms');
    expect(grantedRoles(reports!).sort()).toEqual(['ROLE_ACCOUNTANT', 'ROLE_ADMIN', 'ROLE_GENERAL_MANAGER', 'ROLE_OPERATOR', 'ROLE_QUALITY', 'ROLE_SALES_MANAGER', 'ROLE_SAMPLER']);
    const system = MENU_TREE.find((m) => m.path === '/system');
    expect(grantedRoles(system!)).toEqual(['ROLE_ADMIN']);
    for (const folder of MENU_TREE) {
      const leafRoles = new Set(folder.children?.flatMap((c) => grantedRoles(c)));
      for (const role of grantedRoles(folder)) expect(leafRoles.has(role), `${folder.path} ${role}`).toBe(true);
    }
  });
});
