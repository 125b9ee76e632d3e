import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInPage } from '../support/fixture';
import { USERS } from '../support/login';
import { sql } from '../support/db';
import { HOME, settled, waitActiveTab } from '../support/workspace';

// Words, not codes: the administrator, in Chinese, opens every page of the menu in turn (through
// the router, in one browser page) and reads what a person reads there. A state, role or kind
// shown as its upper-case code (FIRST_WEIGHED, ROLE_ACCOUNTANT) or an English word beside the
// Chinese (Reload, Bulk inspection) fails the walk, page by page.

const stage = useSignedInPage(USERS.admin);

/** Upper-case words a Chinese screen uses as they are: trade abbreviations and units. */
const ALLOWED_CODES = new Set(['IC', 'ERP', 'PDF', 'QR', 'ID', 'API', 'URL', 'SQL', 'CSV', 'XLSX', 'HTTP', 'HTTPS', 'JSON', 'SSE', 'LIMS', 'RFID', 'LED', 'OCR', 'MES', 'TCP', 'COM', 'IP', 'SSL', 'SMTP']);
/** Brand and unit words a Chinese screen keeps in Latin letters. */
const ALLOWED_WORDS = new Set([
  'Web', 'weighbridge', 'Excel', 'Word', 'Chrome', 'Windows', 'React', 'Flow', 'kg', 'km', 'ms', 'min',
  // the keys a hint names, and the coal trade's net calorific value
  'Delete', 'Backspace', 'Enter', 'Esc', 'Tab', 'Qnet',
]);
const CODE = /\b[A-Z][A-Z_]{2,}\b/g;
const WORD = /\b[A-Za-z][a-z]{2,}\b/g;

/**
 * The codes and English words in a text, less the allowed ones and the plant's own names in Latin
 * letters (`data`: its users' sign-in names, its companies' codes), which are data, not words.
 */
export function foreignWords(raw: string, data: ReadonlySet<string> = new Set()): string[] {
  // addresses (/sale/contract) and dotted identifiers (sale.contract.list, db.backup) are data too
  const text = raw.replace(/(\/[\w.~-]+)+\/?/g, ' ').replace(/\b[\w-]+(\.[\w-]+)+\b/g, ' ');
  const codes = [...text.matchAll(CODE)].map((m) => m[0]).filter((w) => !ALLOWED_CODES.has(w) && !data.has(w));
  const words = [...text.matchAll(WORD)].map((m) => m[0]).filter((w) => !ALLOWED_WORDS.has(w) && !ALLOWED_CODES.has(w.toUpperCase()) && !data.has(w));
  return [...new Set([...codes, ...words])];
}

/** The pages of the sidebar: every folder's title names the pages below it (data-menu-leaves). */
async function menuPages(page: Page): Promise<string[]> {
  const areas = page.getByTestId('sidebar').locator('.ant-menu-root > li > .ant-menu-submenu-title [data-menu-leaves]');
  await areas.first().waitFor();
  const lists = await areas.evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-leaves') ?? ''));
  // a page of this server beside the app (/help.html) opens in a window of its own
  return [...new Set(lists.flatMap((l) => l.split(' ')).filter((p) => p.startsWith('/') && !p.endsWith('.html')))];
}

/** Requests in flight, less the event streams that stay open. */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => { if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr' || r.resourceType() === 'script') open.add(r); });
  const done = (r: unknown) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (r) => { if ((r.headers()['content-type'] ?? '').includes('text/event-stream')) open.delete(r.request()); });
  return () => open.size;
}

/** Goes to a page through the router, as a click in the menu would, and waits for its content. */
async function visit(page: Page, path: string, inFlight: () => number): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  // the page is the one shown: its tab is the active one (the kiosk stands outside the workspace)
  if (path === KIOSK) await page.getByTestId('kiosk-key-card').waitFor();
  // the wall board stands outside the workspace too (web menu-routes STANDALONE_PAGES)
  else if (path === BOARD) await page.getByTestId('board-clock').waitFor();
  else await waitActiveTab(page, path);
  // the content state: nothing loading in sight and no request of the page's left unanswered,
  // three looks in a row (a list asks for its rows once it has drawn its template)
  let quiet = 0;
  await expect.poll(async () => {
    const still = inFlight() === 0 && (await page.evaluate(() => {
      const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
      return ![...document.querySelectorAll('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active, .wb-page-loading')].some(shown);
    }));
    quiet = still ? quiet + 1 : 0;
    return quiet >= 3;
  }, { timeout: 15_000, interval: 50 }).toBe(true);
}

const KIOSK = '/viewWeigh';
const BOARD = '/clouds/index1';

describe('words, not codes, on every page of the menu in Chinese', () => {
  it('finds the pages of every folder, second-level folders included, and the test\'s word check catches a code and an English word', async () => {
    expect(foreignWords('状态 FIRST_WEIGHED 角色 ROLE_ACCOUNTANT 刷新 Reload IC卡 ERP 单号 CGHT2026001 浙A12345 Web服务日志 /sale/contract sale.contract.list'))
      .toEqual(['FIRST_WEIGHED', 'ROLE_ACCOUNTANT', 'Reload']);
    const pages = await menuPages(stage.page);
    expect(pages).toEqual(expect.arrayContaining(['/sale/contract', '/settlement/reconcile', '/weigh/station', '/viewWeigh']));
    expect(pages).not.toContain('/modules/sale/recive_payment/edit');
  });

  it('shows no upper-case code and no English word on any page', async () => {
    const { page } = stage;
    const inFlight = trackRequests(page);
    // the home page (the roles by their names) first, then every page of the menu
    const pages = [HOME, ...(await menuPages(page))];
    const found: Record<string, string[]> = {};
    const data = new Set([
      ...(await sql<{ v: string }>(stage.server.databaseUrl, 'SELECT username AS v FROM sys_user')).map((r) => r.v),
      ...(await sql<{ v: string }>(stage.server.databaseUrl, 'SELECT org_code AS v FROM sys_org UNION SELECT group_code FROM sys_group')).map((r) => r.v),
      // the dictionaries' own codes, shown in their code columns
      ...(await sql<{ v: string }>(stage.server.databaseUrl, 'SELECT type_code AS v FROM md_dict_type UNION SELECT item_code FROM md_dict_item')).map((r) => r.v),
    ]);
    // the role archive shows its codes in its code column; anywhere else a role reads by its name
    const roles = new Set([...data, ...(await sql<{ v: string }>(stage.server.databaseUrl, 'SELECT role_code AS v FROM sys_role')).map((r) => r.v)]);
    for (const [i, path] of pages.entries()) {
      await visit(page, path, inFlight);
      const words = foreignWords(await page.evaluate(() => document.body.innerText), path === '/system/role' ? roles : data);
      if (words.length) found[path] = words;
      // the tabs of the pages seen so far are closed now and then: a kept page costs memory
      if (i % 20 === 19 && path !== KIOSK) {
        await page.getByTestId('tab-more').click();
        await page.getByTestId('tab-more-close-all').click();
        await page.waitForURL((u) => u.pathname === HOME);
        await settled(page);
      }
    }
    expect(found).toEqual({});
  }, 600_000);
});
