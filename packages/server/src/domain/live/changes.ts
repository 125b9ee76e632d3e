import { z } from 'zod';

/** What the wb_live trigger says changed (migration 017): a company, and the trip it touched. */
const livePayload = z.object({
  org: z.string().regex(/^\d+$/),
  what: z.enum(['registry', 'ticket']),
  id: z.string().regex(/^\d+$/),
  registry: z.string().regex(/^\d+$/).nullable(),
  state: z.string(),
});
export type LiveChange = z.infer<typeof livePayload>;

/** A notification's payload, or null when it is not one of ours (a hand-made NOTIFY, a newer format). */
export function parseLiveChange(payload: string | undefined): LiveChange | null {
  try {
    const r = livePayload.safeParse(JSON.parse(payload ?? ''));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
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
