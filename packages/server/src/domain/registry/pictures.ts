import type { Database } from '../../platform/db/pool';
import type { FileStorage } from '../../platform/files/storage';
import { SIGNED_URL_TTL_SECONDS } from '../../platform/files/storage';
import { registryNotFound } from './doc-actions';
import type { RegistryKind } from './kinds';
import * as repo from './repo';
import type { Who } from '../../platform/auth/who';

/**
 * The snapshots the cameras took at the trip's weighings (wb_weighing.snapshot_file_ids), each with
 * a signed URL the browser's <img> can load without the session (as platform/files signs them).
 * An empty list is an answer: the screen says 没有查到此登记单的图片.
 */
export async function pictures(db: Database, storage: FileStorage, now: () => number, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, id: string) {
  const shots = await repo.snapshotsOf(db, who.orgId, kind, id);
  if (!shots) throw registryNotFound(id);
  const issuedAt = now();
  return Promise.all(shots.map(async (s) => ({
    fileId: s.fileId, ticketNo: s.ticketNo, reading: s.reading, weighedAt: s.weighedAt,
    url: await storage.signedUrl({ id: s.fileId, orgId: s.orgId, storageKey: s.storageKey, contentType: s.contentType }, issuedAt, SIGNED_URL_TTL_SECONDS),
  })));
}
