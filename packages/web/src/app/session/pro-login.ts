/**
 * Whether this browser tab signed in through the pro sign-in (/pro/login): its top bar shows the
 * company's name without the switch (the spec's login-page variant in which the name is not
 * clickable). Kept for the tab's life, like the session; the ordinary sign-in page clears it.
 */
const KEY = 'wb-pro-login';

export function isProLogin(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setProLogin(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the ordinary, clickable name
  }
}
