import { sql } from 'kysely';
import type { Database } from '../../db/pool';
import { AppError } from '../../http/errors';

export interface SignInAccount {
  id: string;
  username: string;
  currentOrgId: string | null;
  /** the provider's subject was bound to this account by this sign-in */
  newlyBound: boolean;
}

/**
 * The names under which a provider's person may already have an account here, best first. An
 * e-mail counts only when the provider vouches for it: an unverified address is whatever the
 * person typed, and binding on it would hand them someone else's account.
 */
export function loginNames(claims: Record<string, unknown>): string[] {
  const names: string[] = [];
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    const name = value.trim();
    if (name && name.length <= 100 && !names.includes(name)) names.push(name);
  };
  add(claims.preferred_username);
  if (claims.email_verified === true) add(claims.email);
  return names;
}

/** The account bound to the subject; a disabled one is refused rather than treated as unbound. */
export async function accountBoundTo(db: Database, subject: string): Promise<SignInAccount | null> {
  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'enabled', 'current_org_id'])
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
  if (!user) return null;
  if (!user.enabled) throw AppError.of('forbidden', '该账号已停用，请联系管理员');
  return { id: user.id, username: user.username, currentOrgId: user.current_org_id, newlyBound: false };
}

/**
 * First sign-in through the provider: binds the subject to the enabled account of that user name,
 * unless that account is already bound to another subject. The condition and the write are one
 * UPDATE, so two first sign-ins cannot both bind.
 */
export async function bindByLoginName(db: Database, subject: string, names: string[]): Promise<SignInAccount | null> {
  for (const name of names) {
    const user = await db
      .updateTable('sys_user')
      .set({ oidc_subject: subject, updated_at: new Date() })
      .where(sql<boolean>`lower(username) = ${name.toLowerCase()}`)
      .where('enabled', '=', true)
      .where('oidc_subject', 'is', null)
      .returning(['id', 'username', 'current_org_id'])
      .executeTakeFirst()
      .catch(nullOnUniqueViolation);
    if (user) return { id: user.id, username: user.username, currentOrgId: user.current_org_id, newlyBound: true };
  }
  return null;
}

// The subject is unique: a parallel first sign-in of the same person bound it to an account already.
function nullOnUniqueViolation(err: { code?: string }): null {
  if (err.code === '23505') return null;
  throw err;
}

/** Bound account, else a binding by name, else the catalogue's 417. */
export async function accountForSubject(
  db: Database,
  subject: string,
  profile: () => Promise<Record<string, unknown>>,
): Promise<SignInAccount> {
  const bound = await accountBoundTo(db, subject);
  if (bound) return bound;
  const names = loginNames(await profile());
  const account = (await bindByLoginName(db, subject, names)) ?? (await accountBoundTo(db, subject));
  if (!account) throw AppError.of('noBoundAccount');
  return account;
}
