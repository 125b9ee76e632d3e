import type { BrowserContext } from 'playwright-core';

/** One refusal of the server's Content-Security-Policy, as the page's securitypolicyviolation event told it. */
export interface PolicyViolation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
  page: string;
}

const BINDING = '__wbPolicyViolation';
const seen: PolicyViolation[] = [];
const watched = new Set<BrowserContext>();

/**
 * Reports every violation in every page and frame of the context (popups such as the print tab
 * included) to the test process: the listener is in place before the page's own scripts run, and
 * the binding survives navigations, which a record kept in the page would not.
 */
export async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  watched.add(context);
  context.once('close', () => watched.delete(context));
  await context.exposeBinding(BINDING, ({ page }, v: Omit<PolicyViolation, 'page'>) => {
    seen.push({ ...v, page: page?.url() ?? '' });
  });
  await context.addInitScript((binding) => {
    // on the window, which a tab opened by window.open keeps from its first blank document to
    // the page it loads; the flag stops a second listener when the script runs again there
    const w = window as unknown as Record<string, unknown>;
    if (w[`${binding}Listening`]) return;
    w[`${binding}Listening`] = true;
    window.addEventListener('securitypolicyviolation', (e) => {
      const report = w[binding] as (v: Omit<PolicyViolation, 'page'>) => void;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample });
    });
  }, BINDING);
}

/**
 * The violations reported so far, which are forgotten. A round trip to each open page first, so
 * a report the page sent before it is not still on its way.
 */
export async function takePolicyViolations(): Promise<PolicyViolation[]> {
  const pages = [...watched].flatMap((c) => c.pages());
  await Promise.all(pages.map((p) => p.evaluate(() => 0).catch(() => undefined)));
  return seen.splice(0);
}

/** Fails with every violation since the last check, named by directive, blocked address and page. */
export async function assertNoPolicyViolations(): Promise<void> {
  const found = await takePolicyViolations();
  if (found.length === 0) return;
  const lines = found.map((v) => `  ${v.directive} blocked ${v.blocked} at ${v.source || v.page}:${v.line}${v.sample ? ` "${v.sample}"` : ''} on ${v.page}`);
  throw new Error(`Content-Security-Policy violations:\n${lines.join('\n')}`);
}
