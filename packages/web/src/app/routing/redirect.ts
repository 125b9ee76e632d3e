import { PUBLIC_ROUTES, TICKET_CHECK_PAGE } from '@wb/protocol';
import { HOME_PATH } from '@/app/session/tabs';

export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
/** The pro sign-in (the spec's pro login): the sign-in page whose company, once in, is fixed (not clickable). */
export const PRO_LOGIN_PATH = '/pro/login';

export interface Visitor {
  signedIn: boolean;
  locked: boolean;
}

export function isPublicPath(path: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(path) || path === PRO_LOGIN_PATH || isTicketCheck(path);
}

/** A printed ticket's public check (/check/{token}): open to anyone, signed in, out or locked. */
const isTicketCheck = (path: string) => path.startsWith(`${TICKET_CHECK_PAGE}/`);

/**
 * Where a visitor to a path must go instead, or null to stay (spec section 2, routes):
 * while locked every path goes to /lock; signed-in unlocked visitors to /login go to / (home);
 * a signed-out visitor to a page that needs sign-in goes to /login.
 */
export function redirectFor(path: string, v: Visitor): string | null {
  if (isTicketCheck(path)) return null;
  const locked = v.signedIn && v.locked;
  if (locked) return path === LOCK_PATH ? null : LOCK_PATH;
  if (path === LOCK_PATH) return v.signedIn ? HOME_PATH : LOGIN_PATH;
  if (path === LOGIN_PATH || path === PRO_LOGIN_PATH) return v.signedIn ? HOME_PATH : null;
  // '/' leads to /clouds and /clouds to home (spec section 2), in one step.
  if (path === '/' || path === '/clouds') return v.signedIn ? HOME_PATH : LOGIN_PATH;
  if (isPublicPath(path)) return null;
  return v.signedIn ? null : LOGIN_PATH;
}

/** Where an address that matches no page goes: the lock page, home, or the login page. */
export function fallbackFor(v: Visitor): string {
  if (v.signedIn && v.locked) return LOCK_PATH;
  return v.signedIn ? HOME_PATH : LOGIN_PATH;
}

/**
 * Whether a signed-out visit is worth coming back to after sign-in: a real workspace page, not
 * the bare root that leads home anyway.
 */
export function historyWorthKeeping(pathWithSearch: string): boolean {
  const path = pathWithSearch.split('?')[0];
  return !['/', '/clouds', HOME_PATH].includes(path) && !isPublicPath(path);
}

/** An OIDC answer arrives as ?code=&state= on /login or /clouds/index (spec section 4). */
export interface OidcAnswer {
  code: string;
  state: string;
  /** the issuer, when the provider names it (RFC 9207); the server checks it */
  iss?: string;
}

export function oidcCallback(path: string, search: string): OidcAnswer | null {
  if (path !== LOGIN_PATH && path !== HOME_PATH) return null;
  const q = new URLSearchParams(search);
  const code = q.get('code');
  const state = q.get('state');
  const iss = q.get('iss');
  if (!code || !state) return null;
  return iss ? { code, state, iss } : { code, state };
}

/** The sign-in address of the identity provider, asking to come back to the page the visitor wanted. */
export function oidcLoginHref(loginUrl: string, historyUrl: string | null): string {
  // The server takes back only printable ASCII paths on this site.
  if (!historyUrl || !/^\/(?!\/)[\x21-\x7e]*$/.test(historyUrl) || historyUrl.includes('\\')) return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}return=${encodeURIComponent(historyUrl)}`;
}
