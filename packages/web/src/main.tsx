import '@/platform/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/i18n';
import { App } from '@/app/App';
import { bindPlatformToSession } from '@/app/platform-bindings';
import { useSettings } from '@/app/session/settings-store';
import { logClientError } from '@/app/session/client-log-store';
import '@/app/styles.css';

initI18n(useSettings.getState().language);
bindPlatformToSession();
window.addEventListener('error', (e) => logClientError('error', e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => logClientError('promise', e.reason));
// Vite's word for a page's code that failed to load (a chunk gone after a new release)
window.addEventListener('vite:preloadError', (e) => logClientError('chunk', (e as Event & { payload?: unknown }).payload ?? 'chunk load failed'));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
