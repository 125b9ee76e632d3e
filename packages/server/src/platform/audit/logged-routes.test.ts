import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { routeLogMarks } from './logged-routes';

/**
 * No change goes unlogged by omission: every route that may change something (any method but GET
 * and HEAD, not a read sent by POST) says who writes its operation-log entry.
 */
describe('the operation log covers every write route', () => {
  it('finds no write route without a log mark', async () => {
    const { app } = await createTestApp();
    await app.ready();
    const unmarked = routeLogMarks(app)
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !r.read && !r.logged)
      .map((r) => `${r.method} ${r.url}`);
    expect(unmarked).toEqual([]);
  });
});
