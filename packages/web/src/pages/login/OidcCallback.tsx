import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSignIn, endSession } from '@/app/session/session-actions';
import { iamToken } from '@/platform/api/auth-api';
import { feedback } from '@/platform/feedback';

/**
 * The identity provider sent the browser back with ?code=&state=: exchange them for a token;
 * success opens the workspace, failure ends any session and returns to /login (spec section 4).
 */
export function OidcCallback({ code, state }: { code: string; state: string }) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    // A code is good for one exchange; StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    iamToken(code, state)
      .then(completeSignIn)
      .catch((err: Error) => {
        feedback.error(err.message || t('login.oidcFailed'));
        endSession();
      });
  }, [code, state, t]);
  return (
    <div className="wb-page-loading">
      <span className="wb-spinner" />
      <p>{t('login.oidcWorking')}</p>
    </div>
  );
}
