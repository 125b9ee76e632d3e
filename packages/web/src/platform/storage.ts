import type { StateStorage } from 'zustand/middleware';

function usable(storage: () => Storage): Storage | null {
  try {
    const s = storage();
    const probe = '__wb_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

const memory = new Map<string, string>();
const memoryStorage: StateStorage = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};

/**
 * The session lives in session storage so it ends with the browser tab (spec section 3: user info
 * is kept in session storage, else local storage); private modes that refuse both keep it in memory.
 */
export const sessionStore: StateStorage =
  usable(() => window.sessionStorage) ?? usable(() => window.localStorage) ?? memoryStorage;

/** Preferences outlive the session: theme, switches, language, page sizes. */
export const preferenceStore: StateStorage =
  usable(() => window.localStorage) ?? usable(() => window.sessionStorage) ?? memoryStorage;
