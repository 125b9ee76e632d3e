import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSignIn, endSession } from '@/app/session/session-actions';
import { historyWorthKeeping, type OidcAnswer } from '@/app/routing/redirect';
import { useSession } from '@/app/session/session-store';
import { iamToken } from '@/platform/api/auth-api';
import { feedback } from '@/platform/feedback';

/**
 * The identity provider sent the browser back with ?code=&state=: exchange them for a token;
 * success opens the workspace, failure ends any session and returns to /login (spec section 4).
 */
export function OidcCallback({ answer }: { answer: OidcAnswer }) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    // A code is good for one exchange; StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    iamToken(answer)
      .then((reply) => {
        // The page the visitor wanted before the provider's sign-in opens once the menu is loaded.
        if (reply.return_path && historyWorthKeeping(reply.return_path)) useSession.getState().rememberHistory(reply.return_path);
        return completeSignIn(reply);
      })
      .catch((err: Error) => {
        feedback.error(err.message || t('login.oidcFailed'));
        endSession();
      });
  }, [answer, t]);
  return (
    <div className="wb-page-loading">
      <span className="wb-spinner" />
      <p>{t('login.oidcWorking')}</p>
    </div>
  );
}
