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
