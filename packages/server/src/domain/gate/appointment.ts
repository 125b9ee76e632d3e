import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { quotaDay, quotaRefusal, rulesFor, windowRefusal } from './appointment-rules';
import * as repo from './repo';

/**
 * The appointment check of a registry's gate-in (domain/registry/gate.ts letin calls it, under the
 * registry's row lock and after its own checks): every enabled rule naming the registry's kind and
 * material must have now inside its window, and a place left in its day's quota, which this takes.
 * Rules are taken in id order, so two gate-ins under the same rules lock their counters alike.
 * A registry a driver booked (drv_booking) took its places at the booking: its rules take none here.
 * A refusal is a 400 naming `ids`; the caller's transaction rolls the places taken back with it.
 */
export async function takeAppointment(tx: Transaction<DB>, orgId: string, registryId: string): Promise<void> {
  const rules = await repo.appointmentRules(tx, orgId);
  if (rules.length === 0) return;
  const entry = await repo.entryOf(tx, orgId, registryId);
  if (!entry) return;
  const clock = await repo.plantClock(tx);
  const mine = rulesFor(rules, entry, clock.day);
  if (mine.length === 0) return;
  for (const rule of mine) {
    const refusal = windowRefusal(rule, entry, clock.timeOfDay);
    if (refusal) throw badRequest(refusal, 'ids');
  }
  // a driver's booking (domain/driver) took its places when it was made: none is taken twice
  const booked = await repo.placesBooked(tx, orgId, registryId);
  for (const rule of mine) {
    if (rule.quota === null || booked.has(rule.id)) continue;
    if (!(await repo.takeQuota(tx, orgId, rule.id, quotaDay(rule, clock.day, clock.timeOfDay), rule.quota))) throw badRequest(quotaRefusal(rule, entry), 'ids');
  }
}
