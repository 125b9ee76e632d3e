import type { Envelope, TokenReply, UserInfo } from '@wb/protocol';
import { call, type OAuthClient } from './http';

export interface PasswordSignIn {
  username: string;
  password: string;
  randomStr?: string;
  code?: string;
}

/** The password grant; the lock screen uses its own client, which asks for no captcha. */
export function passwordToken(p: PasswordSignIn, client: OAuthClient = 'web'): Promise<TokenReply> {
  return call<TokenReply>('/oauth/token', {
    method: 'POST',
    client,
    raw: true,
    quiet: true,
    query: { grant_type: 'password', username: p.username, password: p.password, randomStr: p.randomStr, code: p.code, scope: 'server' },
  });
}

/**
 * The pro sign-in's grant (spec: pro oauth token, a path of its own): the session opens in the
 * company the page names and keeps it.
 */
export function proPasswordToken(p: PasswordSignIn & { org: string }): Promise<TokenReply> {
  return call<TokenReply>('/pro/oauth/token', {
    method: 'POST',
    client: 'web',
    raw: true,
    quiet: true,
    query: { grant_type: 'password', username: p.username, password: p.password, randomStr: p.randomStr, code: p.code, scope: 'server', org: p.org },
  });
}

/** Exchanges the code an external identity provider returned (spec section 4). */
export function iamToken(answer: { code: string; state: string; iss?: string }): Promise<TokenReply & { return_path?: string }> {
  return call('/oauth/iam/token', { method: 'POST', client: 'web', raw: true, quiet: true, body: answer });
}

export function captchaUrl(randomStr: string): string {
  return `/api/code/image?randomStr=${encodeURIComponent(randomStr)}`;
}

export const fetchUserInfo = (bearer?: string) => call<UserInfo>('/sys-info/me', { bearer });

/** The safety check's advice is the envelope's message, so the whole envelope is returned. */
export const checkPasswordSafe = () => call<Envelope<{ safe: boolean }>>('/sys-user/pwd/checkSafe', { envelope: true });

export function modifyPassword(userId: string, password: string, newpassword1: string): Promise<boolean> {
  return call<boolean>(`/sys-user/password/modify/${encodeURIComponent(userId)}`, { method: 'PUT', body: { password, newpassword1 }, quiet: true });
}

export const logoutCall = () => call<boolean>('/base/logout', { quiet: true });
