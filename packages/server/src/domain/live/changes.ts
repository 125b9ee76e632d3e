/** A change the triggers wrote into wb_live_change (migration 026): a company, and the trip it touched. */
export interface LiveChange {
  org: string;
  what: 'registry' | 'ticket' | 'intervention';
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
    if (!c.registry || c.what === 'intervention') continue;
    let ids = out.get(c.org);
    if (!ids) out.set(c.org, (ids = new Set()));
    ids.add(c.registry);
  }
  return new Map([...out].map(([org, ids]) => [org, [...ids]]));
}

/** The lanes' intervention requests made or answered, per company. */
export function interventionsByOrg(changes: readonly LiveChange[]): Map<string, { id: string; state: string }[]> {
  const out = new Map<string, { id: string; state: string }[]>();
  for (const c of changes) {
    if (c.what !== 'intervention') continue;
    let list = out.get(c.org);
    if (!list) out.set(c.org, (list = []));
    list.push({ id: c.id, state: c.state });
  }
  return out;
}
