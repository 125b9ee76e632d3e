import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { dayPlanApplies, dayUse, holdFacts, lockDayPlan, takeDayPlanTurn } from './repo';
import { dayPlanRefusal } from './rules';

/**
 * Day plan control (日计划) where a sales registry takes its hold (audit, recover): with an audited
 * day plan for its customer, material and day, the plan's row is locked, what already counts is
 * read, and a registry beyond the quota is refused naming the quota and what is used. Without a
 * day plan nothing is controlled. Called in the hold's transaction, before the notice line's lock.
 * The batch has taken the company's turn first when a plan applies (takeDayPlanTurnWhenPlanned).
 */
export async function checkDayPlanAtHold(tx: Transaction<DB>, orgId: string, kind: string, registryId: string, planned = true): Promise<void> {
  if (kind !== 'sa' || !planned) return;
  const facts = await holdFacts(tx, orgId, registryId);
  if (!facts) return;
  const quota = await lockDayPlan(tx, orgId, facts);
  if (!quota) return;
  const refusal = dayPlanRefusal(quota, await dayUse(tx, orgId, facts, quota.calcGroupId), facts.preQuantity);
  if (refusal) throw badRequest(refusal, 'ids');
}

/**
 * The company's sales holds take turns (repo.ts takeDayPlanTurn) when a day plan applies to one of
 * the batch's sales registries, before any plan or notice line of the batch is locked: a batch's
 * registries lock their plans in notice-line order, which two batches crossing two plans would meet
 * in opposite orders. A batch no plan applies to locks no plan, only lines in id order, and takes
 * no turn: a company without day plans never queues its sales registries behind one another.
 * Answers whether a plan applies: when none does, checkDayPlanAtHold reads nothing more (a plan
 * audited meanwhile controls the registries held after it: this batch went as if just before it).
 */
export async function takeDayPlanTurnWhenPlanned(tx: Transaction<DB>, orgId: string, kind: string, registryIds: string[]): Promise<boolean> {
  if (kind !== 'sa' || registryIds.length === 0) return false;
  const planned = await dayPlanApplies(tx, orgId, registryIds);
  if (planned) await takeDayPlanTurn(tx, orgId);
  return planned;
}
