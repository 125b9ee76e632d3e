import type { Transaction } from 'kysely';
import type { NotificationKind } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';
import { addNotifications, type InstanceRow } from './repo';

/**
 * An in-app notification per recipient (wf_notification): the web lists them, the top bar counts
 * the unread, and the stream (stream.ts) tells each recipient's open pages at once.
 */
export async function notify(
  tx: Transaction<DB>, inst: Pick<InstanceRow, 'id' | 'org_id'>, kind: NotificationKind, userIds: readonly string[], title: string, body: string,
): Promise<void> {
  await addNotifications(tx, inst.org_id, inst.id, kind, title, body, userIds);
}
