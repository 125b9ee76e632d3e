import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Letterhead } from './document';

/** The company's letterhead (sys_org: its name, address and phone, 066; its main logo, 088), in the caller's company. */
export async function letterheadOf(db: Kysely<DB>, orgId: string): Promise<Letterhead> {
  const org = await db.selectFrom('sys_org as o').leftJoin('sys_brand_image as i', (j) => j.onRef('i.name', '=', 'o.logo_main').onRef('i.org_id', '=', 'o.id'))
    .select(['o.org_name', 'o.address', 'o.phone', 'i.bytes']).where('o.id', '=', orgId).executeTakeFirst();
  return { company: org?.org_name ?? '', address: org?.address ?? null, phone: org?.phone ?? null, logo: org?.bytes ?? null };
}
