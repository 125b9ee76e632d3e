import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { takeToken } from './api';
import { App } from './App';
import { setPlantZone } from './clock';
import './driver.css';

// the plant's clock for the times shown (public settings, read before anything else is asked)
fetch('/api/config/client', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
  .then((r) => r.json() as Promise<{ data?: { timeZone?: string } }>)
  .then((b) => setPlantZone(b.data?.timeZone))
  .catch(() => undefined);

// the shell (this page and its assets) is kept by the service worker for a weak signal; never the API
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/driver/sw.js', { scope: '/driver/' }).catch(() => undefined);
  });
}

createRoot(document.getElementById('driver-root') as HTMLElement).render(
  <StrictMode>
    <App initialToken={takeToken()} />
  </StrictMode>,
);
