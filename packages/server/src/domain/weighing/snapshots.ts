import { holdFiles } from '../../platform/files/removal';
import { badRequest } from '../../platform/http/errors';
import type { Tx } from './repo';

/**
 * The camera snapshots a weighing keeps (wb_weighing.snapshot_file_ids): files of the company,
 * held until the weighing commits so the file sweep cannot take one under it (an array keeps no
 * foreign key). A file the company does not have is refused, never stored as a dangling id.
 */
export async function holdSnapshots(tx: Tx, orgId: string, ids: readonly string[]): Promise<void> {
  const missing = await holdFiles(tx, orgId, ids);
  if (missing.length > 0) throw badRequest(`抓拍图片不存在或不属于当前公司: ${missing.join(', ')}`, 'snapshotFileIds');
}
