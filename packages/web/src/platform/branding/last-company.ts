/**
 * The company this browser last worked in, so the sign-in page shows its logo (the company chosen)
 * rather than the default one. Only an id: the name and logo are asked of the server.
 */
const KEY = 'wb-last-org';

export function lastCompany(): string | null {
  try {
    const v = localStorage.getItem(KEY);
    return v && /^\d{1,18}$/.test(v) ? v : null;
  } catch {
    return null;
  }
}

export function rememberCompany(orgId: string | null): void {
  if (!orgId) return;
  try {
    localStorage.setItem(KEY, orgId);
  } catch {
    // storage refused: the sign-in page shows the default company
  }
}
