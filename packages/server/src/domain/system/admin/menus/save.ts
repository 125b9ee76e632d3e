import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../../platform/audit/log';
import type { Caller } from '../../../../platform/auth/guard';
import type { DB } from '../../../../platform/db/schema';
import { AppError, badRequest } from '../../../../platform/http/errors';
import { isUniqueViolation } from '../shared';
import { allMenuEntries, childCount, deleteEntry, entryKind, insertEntry, lockEntry, permissionTaken, updateEntry } from './repo';
import { deleteRefusal, entryShapeProblem, makesCycle, type MenuEntryInput } from './rules';

/**
 * 菜单管理's saves on the one menu and button tree. The tree is the platform's, but a report leaf
 * placed by one plant is that plant's alone: another plant's administrator neither sees nor edits it.
 * Each says what it did for the log: family 菜单, docNo the entry's path (a button's: its permission key).
 */
type Tx = Transaction<DB>;
const FAMILY = '菜单';

const noteOf = (action: string, entry: { name: string; path?: string | null; permission?: string | null }): ChangeNote => ({
  action, family: FAMILY, docNo: entry.path || entry.permission || entry.name, detail: `${entry.name} ${entry.permission ?? entry.path ?? ''}`.trim(),
});

export async function createMenu(tx: Tx, who: Pick<Caller, 'orgId'>, entry: MenuEntryInput): Promise<{ id: string; note: ChangeNote }> {
  await checkEntry(tx, who, entry, null);
  const id = await keyTakenAs400(entry, () => insertEntry(tx, entry));
  return { id, note: noteOf('createMenu', entry) };
}

export async function updateMenu(tx: Tx, who: Pick<Caller, 'orgId'>, input: { id: string; entry: MenuEntryInput }): Promise<ChangeNote> {
  const { id, entry } = input;
  const current = await lockEntry(tx, id, who.orgId);
  if (!current) throw AppError.of('notFound', '菜单不存在', 'id');
  if (current.kind !== entry.kind && (await childCount(tx, id)) > 0) throw badRequest('有下级的菜单不能改为按钮', 'kind');
  const parents = new Map((await allMenuEntries(tx, who.orgId)).map((e) => [e.id, e.parentId]));
  if (makesCycle(id, entry.parentId, parents)) throw badRequest('不能把菜单移到它自己或它的下级之下', 'parentId');
  await checkEntry(tx, who, entry, id);
  await keyTakenAs400(entry, () => updateEntry(tx, id, entry));
  return noteOf('updateMenu', entry);
}

/** `routeKeys`: the permission keys the server's routes check; such a button is not deleted. */
export async function deleteMenu(tx: Tx, who: Pick<Caller, 'orgId'>, input: { id: string; routeKeys: ReadonlySet<string> }): Promise<ChangeNote> {
  const current = await lockEntry(tx, input.id, who.orgId);
  if (!current) throw AppError.of('notFound', '菜单不存在', 'id');
  const refusal = deleteRefusal({ permission: current.permission, childCount: await childCount(tx, input.id) }, input.routeKeys);
  if (refusal) throw badRequest(refusal.message, refusal.field);
  await deleteEntry(tx, input.id);
  return { ...noteOf('deleteMenu', current), detail: `${current.name} ${current.permission ?? ''}`.trim() };
}

/** Two saves of one key raced past checkEntry: the unique index keeps one, the other hears why. */
async function keyTakenAs400<T>(entry: MenuEntryInput, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`权限标识 ${entry.permission} 已存在`, 'permission');
    throw err;
  }
}

async function checkEntry(tx: Tx, who: Pick<Caller, 'orgId'>, entry: MenuEntryInput, id: string | null): Promise<void> {
  const parentKind = entry.parentId ? await entryKind(tx, entry.parentId, who.orgId) : null;
  const problem = entryShapeProblem(entry, parentKind);
  if (problem) throw badRequest(problem.message, problem.field);
  if (entry.permission && (await permissionTaken(tx, entry.permission, id))) throw badRequest(`权限标识 ${entry.permission} 已存在`, 'permission');
}
