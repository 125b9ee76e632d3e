import { sql } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import { AppError } from '../../../platform/http/errors';
import type { AnnouncementCreate, AnnouncementUpdate } from './rules';

/** The plant's wall clock of a stored instant (sessions run in PLANT_TIME_ZONE). */
const plant = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

export interface AnnouncementRow {
  id: string;
  title: string;
  body: string;
  level: string;
  publisher: string;
  publishWindow: [string, string];
  roleCodes: string[];
  pinned: string;
  version: number;
}

const FORM = [
  'id', 'title', 'body', 'level', 'publisher', 'role_codes as roleCodes', 'version',
  sql<[string, string]>`ARRAY[${plant('publish_from')}, ${plant('publish_to')}]`.as('publishWindow'),
  // the form's radio holds words
  sql<string>`pinned::text`.as('pinned'),
] as const;

export async function readAnnouncement(db: Database, orgId: string, id: string): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('sys_announcement').select(FORM).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst() as Promise<AnnouncementRow | undefined>;
}

/** The role codes of the company's role archive an announcement may name (view sys_role_in_org). */
export async function knownRoleCodes(db: Database, orgId: string, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await sql<{ role_code: string }>`SELECT role_code FROM sys_role_in_org WHERE org_id = ${orgId} AND role_code = ANY(${codes}::text[])`.execute(db);
  return rows.rows.map((r) => r.role_code);
}

type Writer = { orgId: string; userId: string; realName: string };

export async function insertAnnouncement(db: Database, who: Writer, e: AnnouncementCreate): Promise<string> {
  const row = await db.insertInto('sys_announcement').values({
    org_id: who.orgId, title: e.title, body: e.body, level: e.level, publisher: who.realName,
    publish_from: e.publishWindow[0], publish_to: e.publishWindow[1], role_codes: e.roleCodes, pinned: e.pinned,
    created_by: who.userId, updated_by: who.userId,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the row an update changes; refuses one changed since it was read. */
export async function lockForUpdate(db: Database, orgId: string, id: string, version: number): Promise<AnnouncementRow> {
  const row = await db.selectFrom('sys_announcement').select(FORM).where('org_id', '=', orgId).where('id', '=', id).forUpdate().executeTakeFirst() as AnnouncementRow | undefined;
  if (!row) throw AppError.of('notFound', '公告不存在', 'id');
  if (row.version !== version) throw AppError.of('conflict', `公告 ${row.title} 已被他人修改，请刷新后重试`, 'version');
  return row;
}

export async function updateAnnouncement(db: Database, who: Writer, e: AnnouncementUpdate): Promise<void> {
  await db.updateTable('sys_announcement').set({
    title: e.title, body: e.body, level: e.level, publish_from: e.publishWindow[0], publish_to: e.publishWindow[1],
    role_codes: e.roleCodes, pinned: e.pinned, updated_at: sql`now()`, updated_by: who.userId, version: sql`version + 1`,
  }).where('org_id', '=', who.orgId).where('id', '=', e.id).execute();
}

export async function deleteAnnouncements(db: Database, orgId: string, ids: string[]): Promise<{ id: string; title: string }[]> {
  return db.deleteFrom('sys_announcement').where('org_id', '=', orgId).where('id', 'in', ids).returning(['id', 'title']).execute();
}

export interface BoardRow {
  id: string;
  title: string;
  body: string;
  level: string;
  publisher: string;
  publishFrom: string;
  publishTo: string;
  pinned: boolean;
  read: boolean;
}

/**
 * The caller's board: the company's announcements whose window holds now and that name one of the
 * roles the caller holds (enabled) in this company, each with whether he has read it.
 */
export async function boardOf(db: Database, who: { orgId: string; userId: string }, limit: number): Promise<BoardRow[]> {
  const { rows } = await sql<BoardRow>`
    SELECT a.id::text AS id, a.title, a.body, a.level, a.publisher, ${plant('a.publish_from')} AS "publishFrom", ${plant('a.publish_to')} AS "publishTo",
           a.pinned, EXISTS (SELECT 1 FROM sys_announcement_read r WHERE r.announcement_id = a.id AND r.user_id = ${who.userId}) AS read
      FROM sys_announcement a
     WHERE a.org_id = ${who.orgId}
       AND a.publish_from <= now() AND a.publish_to > now()
       AND a.role_codes && ARRAY(
             SELECT ro.role_code FROM sys_user_org_role ur JOIN sys_role ro ON ro.id = ur.role_id AND ro.enabled
              WHERE ur.user_id = ${who.userId} AND ur.org_id = ${who.orgId})
     ORDER BY a.pinned DESC, a.publish_from DESC, a.id DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** Whether the caller's board shows the announcement now: what reading one asks first. */
export async function onBoard(db: Database, who: { orgId: string; userId: string }, id: string): Promise<{ id: string; title: string } | undefined> {
  const { rows } = await sql<{ id: string; title: string }>`
    SELECT a.id::text AS id, a.title FROM sys_announcement a
     WHERE a.org_id = ${who.orgId} AND a.id = ${id}
       AND a.publish_from <= now() AND a.publish_to > now()
       AND a.role_codes && ARRAY(
             SELECT ro.role_code FROM sys_user_org_role ur JOIN sys_role ro ON ro.id = ur.role_id AND ro.enabled
              WHERE ur.user_id = ${who.userId} AND ur.org_id = ${who.orgId})`.execute(db);
  return rows[0];
}

/** Marks one read; a second read changes nothing (the key is the announcement and the user). */
export async function markRead(db: Database, who: { orgId: string; userId: string }, id: string): Promise<boolean> {
  const { numInsertedOrUpdatedRows } = await db.insertInto('sys_announcement_read')
    .values({ org_id: who.orgId, announcement_id: id, user_id: who.userId })
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id', 'org_id']).doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0) > 0;
}
