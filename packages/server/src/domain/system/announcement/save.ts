import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Caller } from '../../../platform/auth/guard';
import type { DB } from '../../../platform/db/schema';
import { AppError } from '../../../platform/http/errors';
import * as repo from './repo';
import { changedFields, unknownRoles, type AnnouncementCreate, type AnnouncementUpdate } from './rules';

type Tx = Transaction<DB>;
type Writer = Pick<Caller, 'orgId' | 'userId' | 'realName'>;
const FAMILY = '公告';

const summary = (e: AnnouncementCreate) => `${e.publishWindow[0]} 至 ${e.publishWindow[1]}；角色 ${e.roleCodes.join(',')}${e.pinned ? '；置顶' : ''}`;

/** Every role named must be one the company's role archive holds (enabled, may be held here). */
async function checkRoles(tx: Tx, orgId: string, codes: string[]): Promise<void> {
  const missing = unknownRoles(codes, await repo.knownRoleCodes(tx, orgId, codes));
  if (missing.length) throw new AppError(400, `接收角色不存在或已停用：${missing.join(',')}`, 'roleCodes');
}

export async function createAnnouncement(tx: Tx, who: Writer, e: AnnouncementCreate): Promise<{ id: string; note: ChangeNote }> {
  await checkRoles(tx, who.orgId, e.roleCodes);
  const id = await repo.insertAnnouncement(tx, who, e);
  return { id, note: { action: 'create', family: FAMILY, docNo: e.title, detail: summary(e) } };
}

export async function updateAnnouncement(tx: Tx, who: Writer, e: AnnouncementUpdate): Promise<{ id: string; note: ChangeNote }> {
  const before = await repo.lockForUpdate(tx, who.orgId, e.id, e.version);
  await checkRoles(tx, who.orgId, e.roleCodes);
  await repo.updateAnnouncement(tx, who, e);
  const was = { ...before, pinned: before.pinned === 'true' };
  return { id: e.id, note: { action: 'update', family: FAMILY, docNo: e.title, detail: changedFields(was, e) || '无变化' } };
}

export async function deleteAnnouncements(tx: Tx, who: Pick<Caller, 'orgId'>, ids: string[]): Promise<ChangeNote[]> {
  const rows = await repo.deleteAnnouncements(tx, who.orgId, ids);
  return rows.map((r) => ({ action: 'delete', family: FAMILY, docNo: r.title }));
}

/** 已读: only an announcement the reader's board shows now; reading it again changes nothing. */
export async function readAnnouncement(tx: Tx, who: Pick<Caller, 'orgId' | 'userId'>, id: string): Promise<{ note: ChangeNote; first: boolean }> {
  const shown = await repo.onBoard(tx, who, id);
  if (!shown) throw AppError.of('notFound', '公告不存在或已过期', 'id');
  const first = await repo.markRead(tx, who, id);
  return { first, note: { action: 'read', family: FAMILY, docNo: shown.title, detail: first ? '已读' : '再次查看' } };
}
