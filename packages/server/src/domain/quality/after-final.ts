import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * What follows once a sample's final values are written (its check, and the check of its recheck):
 * the contract's quality terms applied to every ticket of the sample. The ONE place the check and
 * the recheck hand over to applying; applySampleResults (apply.ts) is called here.
 */
export interface FinalBy { userId: string | null; name: string }

export async function afterResultsFinal(_tx: Transaction<DB>, _orgId: string, _sampleId: string, _who: FinalBy): Promise<void> {
  // applySampleResults(tx, orgId, sampleId, who) from ./apply goes here (it is not built yet)
}
