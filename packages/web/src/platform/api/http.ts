import { ClientMessages, REQUEST_TIMEOUT_MS, ROUTE_PATH_HEADER, TENANT_HEADER, MISSING_PERMISSION_HEADER, normaliseRoutePath, type TokenReply } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { decideErrorAction, errorText, serverMessage, type FailedCall, type Lang } from './error-policy';

/** A failed call; `shown` tells the caller a notification already said it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly shown: boolean,
    readonly field: string | null = null,
    /** the failure's data, for a caller that expected the status (a refusal that names what may be confirmed) */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

/** What the client needs from the shell, bound once at start-up so this module knows no store. */
export interface HttpBindings {
  session(): { accessToken: string | null; refreshToken: string | null; orgId: string | null; hasUserInfo: boolean; isAdmin: boolean; activeMenuId: string | null };
  language(): Lang;
  tokensRefreshed(reply: TokenReply): void;
  /** clears the session and goes to /login */
  signedOut(reason: 'expired' | 'relogin'): void;
  /** the session's company was left: open the company dialog */
  companyLeft(): void;
  /** every failure a user was told about, for the session's error log */
  failed(method: string, path: string, status: number, text: string): void;
}

let bindings: HttpBindings | null = null;
export function bindHttp(b: HttpBindings): void {
  bindings = b;
}
function bound(): HttpBindings {
  if (!bindings) throw new Error('http client used before the shell bound it');
  return bindings;
}

export type OAuthClient = 'web' | 'lock';
const CLIENT_BASIC: Record<OAuthClient, string> = {
  web: `Basic ${btoa('weighbridge:weighbridge')}`,
  lock: `Basic ${btoa('weighbridge-lock:weighbridge-lock')}`,
};

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** the token calls authenticate the client with Basic instead of the user's bearer token */
  client?: OAuthClient;
  /** the caller shows failures itself (sign-in and lock forms) */
  quiet?: boolean;
  /** the answer is not an envelope (the token call) */
  raw?: boolean;
  /** the answer is a file (exports, import templates, PDFs): resolve to a DownloadedFile */
  file?: boolean;
  /** resolve to the whole envelope, for calls whose message matters on success */
  envelope?: boolean;
  /** a token not yet in the session (sign-in loads the user before it opens the session) */
  bearer?: string;
  /** statuses the caller expects and handles without a notification (a menu without a template: 404) */
  expected?: readonly number[];
}

/** A file the server answered, with its Content-Disposition for the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  disposition: string | null;
}

const API_ROOT = '/api';

/** The headers of a call, for the file transfers (export, import) that cannot go through call(). */
export const apiHeaders = (): Headers => headersFor({});
export const apiUrl = (path: string, query?: CallOptions['query']): string => urlFor(path, query);
const inFlightWrites = new Set<string>();

function headersFor(opts: CallOptions): Headers {
  const s = bound().session();
  const h = new Headers({ 'X-Requested-With': 'XMLHttpRequest' });
  h.set(ROUTE_PATH_HEADER, normaliseRoutePath(window.location.pathname));
  if (s.orgId) h.set(TENANT_HEADER, s.orgId);
  if (opts.client) h.set('Authorization', CLIENT_BASIC[opts.client]);
  else if (opts.bearer ?? s.accessToken) h.set('Authorization', `Bearer ${opts.bearer ?? s.accessToken}`);
  if (opts.body !== undefined) h.set('Content-Type', 'application/json');
  return h;
}

function urlFor(path: string, query: CallOptions['query']): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return `${API_ROOT}${path}${qs ? `?${qs}` : ''}`;
}

const isJson = (res: Response) => (res.headers.get('content-type') ?? '').includes('json');
/** A file call's success is the file; its failure is an envelope like any other call's. */
const isFile = (res: Response, opts: CallOptions) => Boolean(opts.file) && res.ok && !isJson(res);

async function readBody(res: Response, opts: CallOptions): Promise<unknown> {
  if (isFile(res, opts)) return { blob: await res.blob(), disposition: res.headers.get('content-disposition') } satisfies DownloadedFile;
  if (isJson(res)) return res.json().catch(() => null);
  return null;
}

async function send(path: string, opts: CallOptions): Promise<{ res: Response; body: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(urlFor(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: headersFor(opts),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    return { res, body: await readBody(res, opts) };
  } catch (err) {
    const lang = bound().language();
    const timedOut = controller.signal.aborted;
    const text = timedOut ? ClientMessages.timeout[lang] : errorText(0, '', lang);
    if (!opts.quiet) feedback.error(text);
    throw new ApiError(0, text, !opts.quiet);
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s wait for the same rotation (the server allows only one). */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = bound().session().refreshToken;
    if (!refreshToken) return false;
    try {
      const reply = await call<TokenReply>('/oauth/token', {
        method: 'POST', client: 'web', raw: true, quiet: true,
        query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'server' },
      });
      bound().tokensRefreshed(reply);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * After a 401 (expired access token): refreshes the token once, else the session is over and the
 * shell clears it and returns to /login (spec: a failed refresh logs out). True when the caller
 * may repeat its request; for the transfers that cannot go through call() (the import upload).
 */
export async function renewSession(retried = false): Promise<boolean> {
  const b = bound();
  const s = b.session();
  if (!retried && s.refreshToken && (await refreshTokens())) return true;
  if (!s.hasUserInfo) feedback.warning(ClientMessages.noUserInfo[b.language()]);
  b.signedOut('expired');
  return false;
}

function dataOf(body: unknown): Record<string, unknown> | null {
  const data = (body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

function fieldOf(body: unknown): string | null {
  const data = (body as { data?: { field?: unknown } } | null)?.data;
  return typeof data?.field === 'string' ? data.field : null;
}

async function registerMissingPermission(permission: string, method: string): Promise<void> {
  const menuId = bound().session().activeMenuId;
  if (!menuId) return;
  try {
    const result = await call<string>('/sys-menu/permission', {
      method: 'POST', quiet: true, body: { menuId, permission, methods: [method] },
    });
    feedback.success(result === 'created' ? `权限登记成功: ${permission}` : `权限已存在: ${permission}`);
  } catch (err) {
    feedback.warning(`权限登记失败: ${permission} (${(err as Error).message})`);
  }
}

async function handleFailure(path: string, opts: CallOptions, failed: FailedCall, retried: boolean): Promise<never> {
  const b = bound();
  const lang = b.language();
  const s = b.session();
  const message = serverMessage(failed.body);
  const field = fieldOf(failed.body);
  // The token calls answer for themselves: their 401 is a bad client, not an expired session.
  if (opts.client || opts.quiet || opts.expected?.includes(failed.status)) {
    throw new ApiError(failed.status, errorText(failed.status, message, lang), false, field, dataOf(failed.body));
  }
  const action = decideErrorAction(failed, lang, s.isAdmin);
  if (action.kind !== 'expired') b.failed(opts.method ?? 'GET', path, failed.status, action.text);
  switch (action.kind) {
    case 'expired': {
      if (await renewSession(retried)) return call(path, opts, true) as Promise<never>;
      throw new ApiError(401, errorText(401, message, lang), false);
    }
    case 'relogin':
      setTimeout(() => feedback.warning(action.text, 10), 800);
      b.signedOut('relogin');
      throw new ApiError(failed.status, action.text, true);
    case 'registerPermission':
      await registerMissingPermission(action.permission, opts.method ?? 'GET');
      throw new ApiError(403, action.text, true);
    case 'companyLeft':
      feedback.warning(action.text);
      b.companyLeft();
      throw new ApiError(403, action.text, true);
    case 'inline':
      throw new ApiError(failed.status, action.text, false, field);
    case 'notify':
      feedback.error(action.text);
      throw new ApiError(failed.status, action.text, true, field);
  }
}

/**
 * Calls the API: envelope answers resolve to their data, failures follow the error catalogue.
 * A write already in flight with the same body is refused (status 000: do not repeat).
 */
export async function call<T>(path: string, opts: CallOptions = {}, retried = false): Promise<T> {
  const method = opts.method ?? 'GET';
  const writeKey = method === 'GET' ? null : `${method} ${path} ${JSON.stringify(opts.query ?? {})} ${JSON.stringify(opts.body ?? null)}`;
  if (writeKey && inFlightWrites.has(writeKey)) {
    const text = ClientMessages.status000[bound().language()];
    if (!opts.quiet) feedback.warning(text, 2);
    throw new ApiError(0, text, !opts.quiet);
  }
  if (writeKey) inFlightWrites.add(writeKey);
  try {
    const { res, body } = await send(path, opts);
    const envelope = body as { success?: boolean; data?: unknown } | null;
    if ((res.ok && opts.raw) || isFile(res, opts)) return body as T;
    if (res.ok && envelope && envelope.success !== false) return (opts.envelope ? envelope : envelope.data) as T;
    const failed: FailedCall = {
      status: res.ok && !envelope ? 0 : res.status,
      body: envelope as FailedCall['body'],
      missingPermission: res.headers.get(MISSING_PERMISSION_HEADER),
    };
    if (writeKey) inFlightWrites.delete(writeKey);
    return await handleFailure(path, opts, failed, retried);
  } finally {
    if (writeKey) inFlightWrites.delete(writeKey);
  }
}
