import { readWeighParams, type WeighParams } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../../platform/audit/log';
import type { Who } from '../../../../platform/auth/who';
import type { DB } from '../../../../platform/db/schema';
import { saveParams, storedParams } from './repo';
import { changedParams, describeChanges } from './rules';

/**
 * 参数设置's save: writes the parameters the patch really changes and answers the company's
 * parameters as they are now; one log entry with each change before -> after, none when nothing moved.
 */
export async function saveWeighParams(tx: Transaction<DB>, who: Pick<Who, 'orgId'>, patch: Partial<WeighParams>): Promise<{ saved: WeighParams; notes: ChangeNote[] }> {
  const current = readWeighParams(await storedParams(tx, who.orgId));
  const changes = changedParams(current, patch);
  await saveParams(tx, who.orgId, changes);
  const saved = readWeighParams(await storedParams(tx, who.orgId));
  const notes = Object.keys(changes).length === 0 ? []
    : [{ action: 'saveParams', family: '参数设置', docNo: '过磅参数', detail: describeChanges(current, changes) }];
  return { saved, notes };
}
