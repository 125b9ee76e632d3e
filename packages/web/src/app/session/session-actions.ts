import { FORCED_PASSWORD_REDIRECT_MS, type ClientConfig, type TokenReply } from '@wb/protocol';
import { checkPasswordSafe, fetchUserInfo, logoutCall, passwordToken } from '@/platform/api/auth-api';
import { refreshTokens } from '@/platform/api/http';
import { fetchClientConfig, switchOrg } from '@/platform/api/workspace-api';
import { feedback } from '@/platform/feedback';
import { goTo } from '@/app/navigation';
import { CLIENT_CONFIG_KEY, forgetUserData, queryClient } from '@/app/query-client';
import { HOME_PATH } from './tabs';
import { useSession, type SignOutReason } from './session-store';
import { useTabs } from './tabs-store';
import { useCompanyDialog } from './company-dialog-store';

export const loadClientConfig = () =>
  queryClient.fetchQuery<ClientConfig>({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity });

/** Clears menu, permissions, user, tokens, roles and tabs (spec section 4) and returns to /login. */
export function endSession(reason: SignOutReason = null): void {
  useSession.getState().clear(reason);
  useTabs.getState().reset();
  useCompanyDialog.getState().hide();
  forgetUserData();
  goTo('/login', { replace: true });
}

/**
 * After any successful token answer: load the user, open the workspace, then run the password
 * safety check; a weak password is announced and the change-password page follows after ~3 s.
 */
export async function completeSignIn(reply: TokenReply): Promise<void> {
  // The user is loaded before the session opens, so the workspace never renders without them.
  const info = await fetchUserInfo(reply.access_token);
  forgetUserData();
  useTabs.getState().reset();
  useSession.getState().signIn(reply, info);
  goTo(HOME_PATH, { replace: true });
  const safety = await checkPasswordSafe().catch(() => null);
  if (safety && !safety.data.safe) {
    feedback.warning(safety.msg, FORCED_PASSWORD_REDIRECT_MS / 1000 + 3);
    setTimeout(() => goTo(`/editpwd?type=default&id=${encodeURIComponent(info.user.id)}`), FORCED_PASSWORD_REDIRECT_MS);
  }
}

/** A confirmed manual sign-out ends the server session too, then leaves by the external sign-out when one is set. */
export async function signOutManually(): Promise<void> {
  await logoutCall().catch(() => undefined);
  const config = queryClient.getQueryData<ClientConfig>(CLIENT_CONFIG_KEY);
  endSession();
  if (config?.oidc.logoutUrl) window.location.assign(config.oidc.logoutUrl);
}

export function lockScreen(): void {
  useSession.getState().lock();
  goTo('/lock', { replace: true });
}

/**
 * The lock screen checks the password with the lock client (no captcha). Its answer opens a fresh
 * session; the old one is ended so no orphan stays alive.
 */
export async function unlockScreen(password: string): Promise<void> {
  const { userInfo, lastPath } = useSession.getState();
  if (!userInfo) return endSession('expired');
  const reply = await passwordToken({ username: userInfo.username, password }, 'lock');
  await logoutCall().catch(() => undefined);
  useSession.getState().setTokens(reply);
  useSession.getState().unlock();
  goTo(lastPath ?? '/', { replace: true });
}

/**
 * Company switch (spec section 4): switch, refresh the token, reload the user, then start the
 * workspace over on the first page with no cached page left.
 */
export async function switchCompany(orgId: string): Promise<void> {
  await switchOrg(orgId);
  if (!(await refreshTokens())) return endSession('expired');
  const info = await fetchUserInfo();
  useSession.getState().setUserInfo(info);
  // Leave the old page first: reset while it is still shown and its tab would be opened again.
  goTo(HOME_PATH, { replace: true });
  useTabs.getState().reset();
  forgetUserData();
}
