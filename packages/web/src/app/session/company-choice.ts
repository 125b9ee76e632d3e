import type { OrgSummary } from '@wb/protocol';

export type CompanyChoice = { ok: true; org: OrgSummary } | { ok: false; problem: 'atLeastOne' | 'atMostOne' | 'same' };

/**
 * The company dialog's confirm (spec section 5): exactly one row, and not the company in use.
 * The old client compared the array itself and so could not tell; here the count is checked.
 */
export function checkCompanyChoice(selected: readonly OrgSummary[], currentOrgId: string | null): CompanyChoice {
  if (selected.length === 0) return { ok: false, problem: 'atLeastOne' };
  if (selected.length > 1) return { ok: false, problem: 'atMostOne' };
  const org = selected[0];
  if (org.selected || org.id === currentOrgId) return { ok: false, problem: 'same' };
  return { ok: true, org };
}

/**
 * The dialog's selection holds only the last ticked row (spec section 5): ticking a row replaces
 * the one ticked before; unticking leaves what is still ticked.
 */
export function keepLastTicked(previous: readonly OrgSummary[], ticked: readonly OrgSummary[]): OrgSummary[] {
  const before = new Set(previous.map((o) => o.id));
  const added = ticked.filter((o) => !before.has(o.id));
  return added.length > 0 ? [added[added.length - 1]] : [...ticked];
}
