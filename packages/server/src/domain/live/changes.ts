/** A change the triggers wrote into wb_live_change (migration 026): a company, and the trip it touched. */
export interface LiveChange {
  org: string;
  what: 'registry' | 'ticket';
  id: string;
  /** the trip: a registry's own id, or a ticket's registry (none for a ticket typed in by hand) */
  registry: string | null;
  state: string;
}

/**
 * The trips to re-read for a burst of changes, per company: a ticket counts through its
 * registry (a ticket typed in by hand with no registry is not a truck at the gate).
 */
export function tripsByOrg(changes: readonly LiveChange[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const c of changes) {
    if (!c.registry) continue;
    let ids = out.get(c.org);
    if (!ids) out.set(c.org, (ids = new Set()));
    ids.add(c.registry);
  }
  return new Map([...out].map(([org, ids]) => [org, [...ids]]));
}
