import { describe, expect, it } from 'vitest';
import { fallbackFor, historyWorthKeeping, oidcCallback, oidcLoginHref, redirectFor } from '../redirect';

const out = { signedIn: false, locked: false };
const inside = { signedIn: true, locked: false };
const locked = { signedIn: true, locked: true };

describe('redirect rules', () => {
  it('sends every path to /lock while locked', () => {
    for (const p of ['/clouds/index', '/login', '/system/log', '/404', '/editpwd']) expect(redirectFor(p, locked)).toBe('/lock');
    expect(redirectFor('/lock', locked)).toBeNull();
  });

  it('sends a signed-in unlocked visitor of /login to / (which is home)', () => {
    expect(redirectFor('/login', inside)).toBe('/clouds/index');
    expect(redirectFor('/login', out)).toBeNull();
  });

  it('sends signed-out visitors of workspace pages to /login but lets them see public pages', () => {
    expect(redirectFor('/system/log', out)).toBe('/login');
    expect(redirectFor('/editpwd', out)).toBe('/login');
    expect(redirectFor('/404', out)).toBeNull();
    expect(redirectFor('/forgetpwd', out)).toBeNull();
  });

  it('leaves /lock when nothing is locked', () => {
    expect(redirectFor('/lock', inside)).toBe('/clouds/index');
    expect(redirectFor('/lock', out)).toBe('/login');
  });

  it('leads / and /clouds to home, or to sign-in', () => {
    expect(redirectFor('/', inside)).toBe('/clouds/index');
    expect(redirectFor('/clouds', inside)).toBe('/clouds/index');
    expect(redirectFor('/', out)).toBe('/login');
  });

  it('ignores a stale lock flag of a signed-out visitor', () => {
    expect(redirectFor('/login', { signedIn: false, locked: true })).toBeNull();
  });

  it('sends an unmatched address to lock, home or login', () => {
    expect(fallbackFor(locked)).toBe('/lock');
    expect(fallbackFor(inside)).toBe('/clouds/index');
    expect(fallbackFor(out)).toBe('/login');
  });

  it('keeps deep links for after sign-in, not the root', () => {
    expect(historyWorthKeeping('/system/log?x=1')).toBe(true);
    expect(historyWorthKeeping('/')).toBe(false);
    expect(historyWorthKeeping('/clouds/index')).toBe(false);
    expect(historyWorthKeeping('/login')).toBe(false);
  });

  it('recognises an identity-provider answer only on /login and home', () => {
    expect(oidcCallback('/login', '?code=a&state=b')).toEqual({ code: 'a', state: 'b' });
    expect(oidcCallback('/clouds/index', '?code=a&state=b')).toEqual({ code: 'a', state: 'b' });
    expect(oidcCallback('/system/log', '?code=a&state=b')).toBeNull();
    expect(oidcCallback('/login', '?code=a')).toBeNull();
    expect(oidcCallback('/login', '?code=a&state=b&iss=https%3A%2F%2Fidp')).toEqual({ code: 'a', state: 'b', iss: 'https://idp' });
  });

  it('asks the identity provider to come back to the page the visitor wanted', () => {
    expect(oidcLoginHref('/api/oauth/oidc/authorize', '/sale/contract?id=3')).toBe('/api/oauth/oidc/authorize?return=%2Fsale%2Fcontract%3Fid%3D3');
    expect(oidcLoginHref('/api/oauth/oidc/authorize', null)).toBe('/api/oauth/oidc/authorize');
    expect(oidcLoginHref('/api/oauth/oidc/authorize', '//evil.example/x')).toBe('/api/oauth/oidc/authorize');
    expect(oidcLoginHref('/api/oauth/oidc/authorize', '/报表')).toBe('/api/oauth/oidc/authorize');
  });
});

describe('a printed ticket\'s public check', () => {
  it('opens to anyone: signed out, signed in or locked, and is not remembered for after sign-in', () => {
    const path = '/check/12.abcdefghijklmnopqrstuv';
    expect(redirectFor(path, { signedIn: false, locked: false })).toBeNull();
    expect(redirectFor(path, { signedIn: true, locked: false })).toBeNull();
    expect(redirectFor(path, { signedIn: true, locked: true })).toBeNull();
    expect(historyWorthKeeping(path)).toBe(false);
    expect(redirectFor('/checks', { signedIn: false, locked: false })).toBe('/login');
  });
});
