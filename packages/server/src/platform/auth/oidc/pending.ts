import type { Database } from '../../db/pool';

/** A sign-in that went to the identity provider and has not come back yet. */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  nonce: string;
  returnPath: string;
}

/** Ten minutes: long enough to type a password at the provider, short enough to be worthless if leaked. */
export const PENDING_TTL_SECONDS = 600;

export async function savePendingSignIn(db: Database, pending: PendingSignIn): Promise<void> {
  // Sweeping here keeps the table small without a scheduled job; the index makes it cheap.
  await db.deleteFrom('auth_oidc_state').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('auth_oidc_state')
    .values({
      state: pending.state,
      code_verifier: pending.codeVerifier,
      nonce: pending.nonce,
      return_path: pending.returnPath,
      expires_at: new Date(Date.now() + PENDING_TTL_SECONDS * 1000),
    })
    .execute();
}

/**
 * Takes the pending sign-in out in one statement, so of two requests with the same state only one
 * gets it; an expired one is removed all the same and counts as unknown.
 */
export async function takePendingSignIn(db: Database, state: string): Promise<PendingSignIn | null> {
  const row = await db
    .deleteFrom('auth_oidc_state')
    .where('state', '=', state)
    .returning(['state', 'code_verifier', 'nonce', 'return_path', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  return { state: row.state, codeVerifier: row.code_verifier, nonce: row.nonce, returnPath: row.return_path };
}
