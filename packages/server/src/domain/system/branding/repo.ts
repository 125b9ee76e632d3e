import { sql } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import type { BrandImageKind } from './rules';

export interface NewBrandImage {
  orgId: string;
  name: string;
  kind: BrandImageKind;
  userId: string | null;
  bytes: Buffer;
  createdBy: string;
}

export interface ImageBytes {
  contentType: string;
  bytes: Buffer;
}

export async function insertImage(db: Database, image: NewBrandImage): Promise<void> {
  await db.insertInto('sys_brand_image').values({
    org_id: image.orgId, name: image.name, kind: image.kind, user_id: image.userId, content_type: 'image/png',
    size_bytes: image.bytes.length, bytes: image.bytes, created_by: image.createdBy,
  }).execute();
}

/** A user of the group, locked for the change of their avatar (two uploads at once: one after the other). */
export async function lockGroupUser(db: Database, userId: string): Promise<{ id: string; groupId: string; username: string; avatar: string | null } | null> {
  const row = await db.selectFrom('sys_user').select(['id', 'group_id', 'username', 'avatar']).where('id', '=', userId).forUpdate().executeTakeFirst();
  return row ? { id: String(row.id), groupId: String(row.group_id), username: row.username, avatar: row.avatar } : null;
}

/** Points the user at the new avatar and removes the one it replaces. */
export async function replaceAvatar(db: Database, userId: string, old: string | null, name: string): Promise<void> {
  await db.updateTable('sys_user').set({ avatar: name }).where('id', '=', userId).execute();
  if (old) await db.deleteFrom('sys_brand_image').where('name', '=', old).where('kind', '=', 'avatar').execute();
}

/** The company's row locked for the change of a logo; its current logo of that kind. */
export async function lockCompanyLogo(db: Database, orgId: string, kind: 'logo_main' | 'logo_small'): Promise<{ orgName: string; old: string | null } | null> {
  const row = await db.selectFrom('sys_org').select(['org_name', 'logo_main', 'logo_small']).where('id', '=', orgId).forUpdate().executeTakeFirst();
  return row ? { orgName: row.org_name, old: (kind === 'logo_main' ? row.logo_main : row.logo_small) ?? null } : null;
}

export async function replaceLogo(db: Database, orgId: string, kind: 'logo_main' | 'logo_small', old: string | null, name: string | null): Promise<void> {
  await db.updateTable('sys_org').set(kind === 'logo_main' ? { logo_main: name } : { logo_small: name }).where('id', '=', orgId).execute();
  if (old) await db.deleteFrom('sys_brand_image').where('name', '=', old).where('kind', '=', kind).execute();
}

/** An avatar in use by a user of the group; another group's (or a replaced one) is not found. */
export async function groupAvatar(db: Database, groupId: string, name: string): Promise<ImageBytes | null> {
  const row = await db.selectFrom('sys_brand_image as i').innerJoin('sys_user as u', (j) => j.onRef('u.id', '=', 'i.user_id').onRef('u.avatar', '=', 'i.name'))
    .select(['i.content_type', 'i.bytes']).where('i.name', '=', name).where('i.kind', '=', 'avatar').where('u.group_id', '=', groupId).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

/** A logo in use by an enabled company: public, as the sign-in page shows it before anyone signs in. */
export async function companyLogo(db: Database, name: string): Promise<ImageBytes | null> {
  const row = await db.selectFrom('sys_brand_image as i').innerJoin('sys_org as o', 'o.id', 'i.org_id')
    .select(['i.content_type', 'i.bytes']).where('i.name', '=', name).where('i.kind', 'in', ['logo_main', 'logo_small'])
    .where('o.enabled', '=', true).where((eb) => eb.or([eb('o.logo_main', '=', name), eb('o.logo_small', '=', name)])).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

export interface CompanyBrand {
  orgId: string;
  orgName: string;
  orgNameEn: string | null;
  logoMain: string | null;
  logoSmall: string | null;
}

/**
 * The brand the sign-in page shows: the company asked for when it is enabled, else the default one,
 * the first company (top of its tree) that has a main logo; null when none has.
 */
export async function companyBrand(db: Database, orgId: string | null): Promise<CompanyBrand | null> {
  const base = db.selectFrom('sys_org').select(['id', 'org_name', 'org_name_en', 'logo_main', 'logo_small']).where('enabled', '=', true);
  const row = orgId
    ? await base.where('id', '=', orgId).executeTakeFirst()
    : await base.where('logo_main', 'is not', null).orderBy(sql`parent_id IS NOT NULL`).orderBy('id').limit(1).executeTakeFirst();
  return row ? { orgId: String(row.id), orgName: row.org_name, orgNameEn: row.org_name_en, logoMain: row.logo_main ?? null, logoSmall: row.logo_small ?? null } : null;
}


export interface Certificate {
  licensee: string;
  companies: number;
  users: number;
  grants: { valid: number; expiring: number; nextExpiry: string | null };
}

/**
 * What the platform holds of its licences, for the caller's group and company: who it is issued to
 * (the group), how many companies and users it serves, and the company's licence grants
 * (许可管理, domain/licence): those valid today, those ending within `days`, the next end day.
 */
export async function certificateOf(db: Database, groupId: string, orgId: string, today: string, days: number): Promise<Certificate> {
  const { rows } = await sql<{ licensee: string; companies: string; users: string; valid: string; expiring: string; next_expiry: string | null }>`
    SELECT g.group_name AS licensee,
           (SELECT count(*) FROM sys_org o WHERE o.group_id = g.id AND o.enabled) AS companies,
           (SELECT count(*) FROM sys_user u WHERE u.group_id = g.id AND u.enabled) AS users,
           count(m.id) AS valid,
           count(m.id) FILTER (WHERE m.valid_to <= ${today}::date + ${days}::int) AS expiring,
           min(m.valid_to)::text AS next_expiry
      FROM sys_group g
      LEFT JOIN mgp_grant m ON m.org_id = ${orgId} AND m.doc_status = 'AUDITED' AND m.enabled
                           AND m.valid_from <= ${today}::date AND m.valid_to >= ${today}::date
     WHERE g.id = ${groupId}
     GROUP BY g.id, g.group_name`.execute(db);
  const r = rows[0];
  return {
    licensee: r?.licensee ?? '', companies: Number(r?.companies ?? 0), users: Number(r?.users ?? 0),
    grants: { valid: Number(r?.valid ?? 0), expiring: Number(r?.expiring ?? 0), nextExpiry: r?.next_expiry ?? null },
  };
}
