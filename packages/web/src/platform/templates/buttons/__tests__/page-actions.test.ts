import { describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { pageAction, pageActionFamilies, registerPageActions } from '../page-actions';

initI18n('zh-CN');

/**
 * Page action names (`page:<name>` buttons) belong to one family each: a second family registering
 * a name refuses to start, naming both; a family registering again replaces its own names.
 */
describe('page action names', () => {
  it('a name registered by a second family refuses, naming both, and changes nothing', () => {
    const first = () => undefined;
    registerPageActions('test-a', { testOpen: first });
    expect(() => registerPageActions('test-b', { testOther: () => undefined, testOpen: () => undefined }))
      .toThrow('页面操作 page:testOpen 重复：test-a 与 test-b 都注册了它');
    expect(pageAction('testOpen')).toBe(first);
    expect(pageAction('testOther')).toBeUndefined();
  });

  it('a family registering again (its module reloaded) replaces its own names', () => {
    registerPageActions('test-c', { testOne: () => undefined, testTwo: () => undefined });
    const again = () => undefined;
    registerPageActions('test-c', { testOne: again });
    expect(pageAction('testOne')).toBe(again);
    expect(pageAction('testTwo')).toBeUndefined();
  });

  it('every page module that registers names loads beside the others: no name is used twice', async () => {
    const sources = import.meta.glob<string>(['/src/pages/**/*.{ts,tsx}', '!/src/pages/**/__tests__/**'], { query: '?raw', import: 'default', eager: true });
    const registering = Object.entries(sources).filter(([, text]) => /registerPageActions\(/.test(text)).map(([path]) => path);
    expect(registering.length).toBeGreaterThan(10);
    for (const path of registering) await import(/* @vite-ignore */ path);
    const families = pageActionFamilies();
    expect(families).toMatchObject({ submitApproval: 'workflow', printTicket: 'ticket-print', deductTicket: 'ticket' });
  }, 60_000);
});
