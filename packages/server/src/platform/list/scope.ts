import type { Caller } from '../auth/guard';

/**
 * Whose list it is: the company every row must belong to, and the caller's data scope inside it.
 * runList takes nothing less, so no list can be read without its narrowing.
 */
export type ListReach = Pick<Caller, 'orgId' | 'userId' | 'dataScope' | 'deptId'>;

/**
 * The rows an own or department scope leaves: those whose owner column names the caller, or
 * (department) any member of the caller's department in this company. The caller's own rows stay
 * visible under department scope, also when they have no department or changed it since.
 */
export interface OwnerNarrowing {
  /** the template's owner column (a plain identifier, checked when the template is declared) */
  column: string;
  userId: string;
  department: { orgId: string; deptId: string } | null;
}

/**
 * Built from the caller's scope alone, never from the request. Company and group leave the
 * company's rows as they are (lists never leave the session's company); a list whose template
 * names no owner column has nothing to narrow by and answers the company's rows.
 */
export function ownerNarrowing(ownerColumn: string | null, reach: ListReach): OwnerNarrowing | null {
  if (!ownerColumn) return null;
  switch (reach.dataScope) {
    case 'company':
    case 'group':
      return null;
    case 'own':
      return { column: ownerColumn, userId: reach.userId, department: null };
    case 'department':
      return { column: ownerColumn, userId: reach.userId, department: reach.deptId ? { orgId: reach.orgId, deptId: reach.deptId } : null };
  }
}
