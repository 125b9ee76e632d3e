import { bindHttp } from '@/platform/api/http';
import { isSystemFailure } from '@/platform/api/error-policy';
import { bindCurrentUser } from '@/platform/session/current-user';
import { langOf } from '@/i18n';
import { useSession } from './session/session-store';
import { useSettings } from './session/settings-store';
import { endSession } from './session/session-actions';
import { logClientError } from './session/client-log-store';
import { useCompanyDialog } from './session/company-dialog-store';

/** Platform code reads the shell's session only through these bindings: app depends on platform, never the reverse. */
export function bindPlatformToSession(): void {
  bindCurrentUser(() => useSession((s) => s.userInfo));
  bindHttp({
    session: () => {
      const s = useSession.getState();
      return {
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        orgId: s.userInfo?.currentOrg ?? null,
        hasUserInfo: Boolean(s.userInfo),
        isAdmin: Boolean(s.userInfo?.content.admin),
        activeMenuId: s.activeMenuId,
      };
    },
    language: () => langOf(useSettings.getState().language),
    tokensRefreshed: (reply) => useSession.getState().setTokens(reply),
    signedOut: (reason) => endSession(reason),
    companyLeft: () => useCompanyDialog.getState().show(),
    failed: (method, path, status, text) => logClientError('api', new Error(text), `${method} /api${path} → ${status}`, !isSystemFailure(status)),
  });
}
