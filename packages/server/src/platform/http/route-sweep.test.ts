import { describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { routeLogMarks } from '../audit/logged-routes';

/**
 * Bad input never gets a 500 (DESIGN.md section 3), on any route, including the ones added after
 * this test: every registered /api route is called as the administrator with ids that are not
 * ids and bodies of the wrong shape. bad-input.test.ts checks the answers' words and that nothing
 * changed; this one only that no route falls over, so a family that forgets to validate a path
 * parameter or a body is caught the day it is added. Sign-in, sign-out and the password routes
 * would end the session the sweep runs on; the live streams never end by design.
 */
const ctx = await createTestApp({ MAX_FAILURES_PER_IP: '100000', MAX_FAILURES_PER_ACCOUNT: '100000' });
const { app } = ctx;

const PARAMS = ['abc', '99999999999999999999'];
// days that do not exist and days outside the platform's window, under the names periods and dates go by
const BAD_DATES = { from: '2026-02-30', to: '9999-12-31', paidOn: '2026-04-31', invoiceDate: '1000-01-01', periodFrom: '2026-13-01', periodTo: '2026-02-30', month: '2026-13', effectiveAt: '2026-02-30 08:00', endTime: '9999-12-31 23:59:59', entity: { effectiveAt: '2026-04-31 00:00', validFrom: '1000-01-01' } };
const BODIES: unknown[] = [undefined, [], { ids: 'x', limit: { pn: -1, ps: 1e9 } }, { id: 'abc', ids: ['abc'], name: 1, lines: 'x', items: {} }, { ids: [99999999999999999999], lines: [{}] }, BAD_DATES];
const QUERIES = ['', '?id=abc&pn=-1&ps=abc&start=zz&end=1e99', '?from=2026-02-30&to=9999-12-31&month=2026-13&day=2026-04-31&customerId=1'];
const SKIPPED = /logout|oauth|token|currentOrgs|password|live|stream|events/i;

describe('every route refuses bad input without a 500', () => {
  it('sweeps the routes', async () => {
    await app.ready();
    const admin = (await bearerFor(app, 'admin')).authorization;
    const routes = routeLogMarks(app).filter((r) => r.url.startsWith('/api/') && !SKIPPED.test(r.url) && !['HEAD', 'OPTIONS'].includes(r.method));
    const failures: string[] = [];
    for (const r of routes) {
      const urls = r.url.includes(':') ? PARAMS.map((p) => r.url.replace(/:[A-Za-z_]+/g, p)) : [r.url];
      const bodyless = r.method === 'GET' || r.method === 'DELETE';
      for (const url of urls) {
        for (const query of bodyless ? QUERIES : ['']) {
          for (const body of bodyless ? [undefined] : BODIES) {
            const res = await app.inject({
              method: r.method as 'GET', url: url + query, payload: body === undefined ? undefined : JSON.stringify(body),
              headers: { authorization: admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            });
            if (res.statusCode >= 500) failures.push(`${r.method} ${url}${query} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(routes.length).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);
});
