import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../../platform/audit/log';
import type { Who } from '../../../../platform/auth/who';
import { hashPassword } from '../../../../platform/auth/secrets';
import type { DB } from '../../../../platform/db/schema';
import { callerIsAdmin } from '../../../../platform/menu/repo';
import { AppError, badRequest } from '../../../../platform/http/errors';
import { isUniqueViolation } from '../shared';
import {
  foreignId, insertUser, lockGroupUser, replaceMemberships, replaceUserAssayItems, roleScopes, touchesAdminRole, updateProfile, usernameTaken,
} from './repo';
import { adminGrantRefusal, initialPasswordRefusal, type Membership, membershipRefusal, type UserCreate } from './rules';

/**
 * 用户管理's saves: a new user, a profile, the companies and roles held, the assay items. Each
 * checks in its transaction (the user row locked), writes, and says what it did for the log.
 */
type Tx = Transaction<DB>;
const FAMILY = '用户';

export async function createUser(tx: Tx, who: Who, body: UserCreate): Promise<{ id: string; note: ChangeNote }> {
  const refusal = initialPasswordRefusal(body.password, body.username);
  if (refusal) throw badRequest(refusal, 'password');
  if (await usernameTaken(tx, body.username)) throw badRequest(`用户名 ${body.username} 已存在`, 'username');
  await checkMemberships(tx, who.groupId, body.orgs);
  await checkAdminGrant(tx, who, null, body.orgs);
  await checkAssayItems(tx, who.groupId, body.assayItemIds);
  const passwordHash = await hashPassword(body.password);
  let id: string;
  try {
    id = await insertUser(tx, who.groupId, { ...body, passwordHash });
  } catch (err) {
    // two saves of one name raced past usernameTaken: the unique index keeps one
    if (isUniqueViolation(err)) throw badRequest(`用户名 ${body.username} 已存在`, 'username');
    throw err;
  }
  await replaceMemberships(tx, id, body.orgs);
  await replaceUserAssayItems(tx, id, body.assayItemIds);
  return { id, note: { action: 'createUser', family: FAMILY, docNo: body.username, detail: body.username } };
}

export async function updateUser(tx: Tx, who: Who, input: { id: string; profile: { realName: string; mobile?: string | null; email?: string | null } }): Promise<ChangeNote> {
  const user = await lockedUser(tx, who.groupId, input.id);
  await updateProfile(tx, input.id, input.profile);
  return { action: 'updateUser', family: FAMILY, docNo: user.username, detail: user.username };
}

export async function saveUserOrgs(tx: Tx, who: Who, input: { id: string; orgs: Membership[] }): Promise<ChangeNote> {
  const { id, orgs } = input;
  const user = await lockedUser(tx, who.groupId, id);
  await checkMemberships(tx, who.groupId, orgs);
  await checkAdminGrant(tx, who, id, orgs);
  await replaceMemberships(tx, id, orgs);
  return { action: 'saveUserOrgs', family: FAMILY, docNo: user.username, detail: `${user.username}: ${orgs.map((o) => `${o.orgId}[${o.roleIds.join(',')}]`).join(' ')}` };
}

export async function saveUserAssayItems(tx: Tx, who: Who, input: { id: string; itemIds: string[] }): Promise<ChangeNote> {
  const user = await lockedUser(tx, who.groupId, input.id);
  await checkAssayItems(tx, who.groupId, input.itemIds);
  await replaceUserAssayItems(tx, input.id, input.itemIds);
  return { action: 'saveUserAssayItems', family: FAMILY, docNo: user.username, detail: user.username };
}

async function lockedUser(tx: Tx, groupId: string, id: string): Promise<{ id: string; username: string }> {
  const user = await lockGroupUser(tx, groupId, id);
  if (!user) throw AppError.of('notFound', '用户不存在', 'id');
  return user;
}

async function checkAdminGrant(tx: Tx, who: Who, userId: string | null, orgs: Membership[]): Promise<void> {
  const touches = await touchesAdminRole(tx, userId, orgs.flatMap((o) => o.roleIds));
  const refusal = adminGrantRefusal(touches, touches && (await callerIsAdmin(tx, who)));
  if (refusal) throw AppError.of('forbidden', refusal, 'orgs');
}

async function checkMemberships(tx: Tx, groupId: string, orgs: Membership[]): Promise<void> {
  const foreign = await foreignId(tx, 'sys_org', groupId, orgs.map((o) => o.orgId));
  if (foreign) throw badRequest(`组织 ${foreign} 不存在`, 'orgs');
  const refusal = membershipRefusal(orgs, await roleScopes(tx, groupId));
  if (refusal) throw badRequest(refusal, 'orgs');
}

async function checkAssayItems(tx: Tx, groupId: string, itemIds: string[]): Promise<void> {
  const foreign = await foreignId(tx, 'qm_assay_item', groupId, itemIds);
  if (foreign) throw badRequest(`化验项目 ${foreign} 不存在`, 'assayItemIds');
}
