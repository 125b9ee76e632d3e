import type { Database } from '../../../platform/db/pool';
import { dataSourceKey } from '../data-sources/key-repo';
import { openSecret, sealSecret } from '../data-sources/secret-box';

/**
 * A receiver's sign-in password (接口配置 → 认证密码) at rest: sealed with the data sources' key, as
 * their passwords are, and opened only to sign a delivery in. The form shows the mask; a blank or
 * masked password on an edit keeps the stored one.
 */
export const PASSWORD_MASK = '******';

export async function sealReceiverPassword(db: Database, plain: string): Promise<string> {
  return sealSecret(await dataSourceKey(db), plain);
}

/** What the delivery workers open a sealed password with (platform/events DeliverOptions.openSecret). */
export const receiverPasswordOpener = (db: Database) => async (sealed: string): Promise<string> => openSecret(await dataSourceKey(db), sealed);
