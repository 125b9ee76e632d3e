import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { applySampleResults } from './apply';

/**
 * What follows once a sample's final values are written (its check, and the check of its recheck):
 * the contract's quality terms applied to every ticket of the sample. The ONE place the check and
 * the recheck hand over to applying; applySampleResults (apply.ts) is called here.
 */
export interface FinalBy { userId: string | null; name: string }

/** Answers the application's short account for the check's one log entry. */
export async function afterResultsFinal(tx: Transaction<DB>, orgId: string, sampleId: string, who: FinalBy): Promise<string> {
  return (await applySampleResults(tx, orgId, sampleId, who)).detail;
}
