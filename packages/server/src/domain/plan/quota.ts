import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { dayUse, holdFacts, lockDayPlan, takeDayPlanTurn } from './repo';
import { dayPlanRefusal } from './rules';

/**
 * Day plan control (日计划) where a sales registry takes its hold (audit, recover): with an audited
 * day plan for its customer, material and day, the plan's row is locked, what already counts is
 * read, and a registry beyond the quota is refused naming the quota and what is used. Without a
 * day plan nothing is controlled. Called in the hold's transaction, before the notice line's lock.
 * The company's sales holds take turns first (repo.ts takeDayPlanTurn): a batch's registries lock
 * their plans in notice-line order, which two batches crossing two plans would meet in opposite orders.
 */
export async function checkDayPlanAtHold(tx: Transaction<DB>, orgId: string, kind: string, registryId: string): Promise<void> {
  if (kind !== 'sa') return;
  await takeDayPlanTurn(tx, orgId);
  const facts = await holdFacts(tx, orgId, registryId);
  if (!facts) return;
  const quota = await lockDayPlan(tx, orgId, facts);
  if (!quota) return;
  const refusal = dayPlanRefusal(quota, await dayUse(tx, orgId, facts), facts.preQuantity);
  if (refusal) throw badRequest(refusal, 'ids');
}
