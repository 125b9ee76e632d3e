import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Letterhead } from './document';

/** The company's letterhead (sys_org: its name, address and phone, 066), in the caller's company. */
export async function letterheadOf(db: Kysely<DB>, orgId: string): Promise<Letterhead> {
  const org = await db.selectFrom('sys_org').select(['org_name', 'address', 'phone']).where('id', '=', orgId).executeTakeFirst();
  return { company: org?.org_name ?? '', address: org?.address ?? null, phone: org?.phone ?? null };
}
