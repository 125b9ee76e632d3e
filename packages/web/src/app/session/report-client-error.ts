import { call } from '@/platform/api/http';
import { useSession } from './session-store';

/** What the server's admin log takes (POST /api/admin/log/logs): the browser's own failures, not failed calls (the server knows those). */
export type ReportedType = 'render' | 'chunk' | 'error' | 'promise';

/** A page stuck in an error loop reports a few, not thousands. */
const MAX_REPORTS_PER_PAGE = 20;
let reported = 0;
const seen = new Set<string>();

/**
 * A failed dynamic import: after a new release the browser still asks for chunks that are gone,
 * which the administrator reads apart from a page that fails to render.
 */
export function isChunkLoadFailure(message: string): boolean {
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(message);
}

/** Sends one failure to the admin log when signed in; once per kind and message, and quietly (a failure to report is not reported). */
export function reportClientError(entry: { type: ReportedType; message: string; stack: string; info: string }): void {
  if (!useSession.getState().accessToken) return;
  const key = `${entry.type}|${entry.message}`;
  if (seen.has(key) || reported >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  reported += 1;
  const body = {
    type: entry.type, message: entry.message.slice(0, 2000) || 'Error', url: (window.location.pathname + window.location.search).slice(0, 1000),
    stack: entry.stack.slice(0, 16_000), info: entry.info.slice(0, 4000), time: new Date().toISOString(),
  };
  call('/admin/log/logs', { method: 'POST', body, quiet: true }).catch(() => undefined);
}

/** For tests: a fresh page's allowance. */
export function resetReportsForTest(): void {
  reported = 0;
  seen.clear();
}
