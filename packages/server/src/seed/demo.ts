import { sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/pool';
import type { DB } from '../platform/db/schema';
import { hashPassword } from '../platform/auth/secrets';
import type { MenuSeed } from '../platform/menu/define';
import { GRANT_STEPS, MENU_TREE } from './menus';
import { seedMasterData } from './masterdata';
import { seedDepartments } from '../domain/system/org-structure/seed';

export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Scale@2026', realName: '系统管理员', role: 'ROLE_ADMIN', orgs: ['HDSN', 'HDJC'], description: 'administrator, both companies' },
  { username: 'operator', password: 'Weigh@2026', realName: '王司磅', role: 'ROLE_OPERATOR', orgs: ['HDSN'], description: 'weighbridge operator' },
  { username: 'quality', password: 'Assay@2026', realName: '李质检', role: 'ROLE_QUALITY', orgs: ['HDSN'], description: 'lab: enters results by blind code' },
  { username: 'sampler', password: 'Sample@2026', realName: '赵取样', role: 'ROLE_SAMPLER', orgs: ['HDSN'], description: 'sampling point: judges the trucks' },
  { username: 'accountant', password: 'Money@2026', realName: '张会计', role: 'ROLE_ACCOUNTANT', orgs: ['HDSN', 'HDJC'], description: 'accountant, both companies' },
  { username: 'sales_manager', password: 'Sales@2026', realName: '销售经理', role: 'ROLE_SALES_MANAGER', orgs: ['HDSN'], description: 'sales manager: approves (审批流程)' },
  { username: 'general_manager', password: 'Boss@2026', realName: '总经理', role: 'ROLE_GENERAL_MANAGER', orgs: ['HDSN'], description: 'general manager: approves (审批流程)' },
] as const;

export const SEEDED_ROLES = [
  { code: 'ROLE_ADMIN', name: '系统管理员', en: 'Administrator', admin: true },
  { code: 'ROLE_OPERATOR', name: '司磅员', en: 'Weighbridge operator', admin: false },
  { code: 'ROLE_QUALITY', name: '质检员', en: 'Quality staff', admin: false },
  { code: 'ROLE_SAMPLER', name: '取样员', en: 'Sampler', admin: false },
  { code: 'ROLE_ACCOUNTANT', name: '会计', en: 'Accountant', admin: false },
  { code: 'ROLE_SALES_MANAGER', name: '销售经理', en: 'Sales manager', admin: false },
  { code: 'ROLE_GENERAL_MANAGER', name: '总经理', en: 'General manager', admin: false, scope: 'group' as const },
];

const ORGS = [
  { code: 'HDSN', name: '华东水泥有限公司', en: 'East China Cement Co.' },
  { code: 'HDJC', name: '华东建材贸易有限公司', en: 'East China Building Materials Trading Co.' },
];

type Tx = Transaction<DB>;

/** Seeds the demo plant once: a group, two companies, five roles, the users and the menus. */
export async function seedDemoPlant(db: Database): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('sys_group').select('id').executeTakeFirst();
    if (existing) return false;
    const group = await tx.insertInto('sys_group').values({ group_code: 'HDJT', group_name: '华东建材集团' }).returning('id').executeTakeFirstOrThrow();
    const orgIds = new Map<string, string>();
    for (const o of ORGS) {
      const row = await tx.insertInto('sys_org').values({ group_id: group.id, org_code: o.code, org_name: o.name, org_name_en: o.en }).returning('id').executeTakeFirstOrThrow();
      orgIds.set(o.code, row.id);
    }
    await seedMasterData(tx, { groupId: group.id, orgIds });
    await seedDepartments(tx, orgIds);
    const roleIds = new Map<string, string>();
    for (const r of SEEDED_ROLES) {
      const row = await tx
        .insertInto('sys_role')
        .values({ group_id: group.id, role_code: r.code, role_name: r.name, role_name_en: r.en, is_admin: r.admin, ...('scope' in r ? { data_scope: r.scope } : {}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(r.code, row.id);
    }
    await seedMenus(tx, MENU_TREE, null, roleIds);
    // the tree seeded now is this release's: the grant steps of earlier releases' databases are taken
    await sql`INSERT INTO sys_seed_step (step) SELECT unnest(${GRANT_STEPS.map((s) => s.step)}::text[]) ON CONFLICT (step) DO NOTHING`.execute(tx);
    for (const a of DEMO_ACCOUNTS) {
      const user = await tx
        .insertInto('sys_user')
        .values({
          group_id: group.id, username: a.username, real_name: a.realName, password_hash: await hashPassword(a.password),
          password_unsafe: false, current_org_id: orgIds.get(a.orgs[0]), mobile: null, email: `${a.username}@hdjt.example.com`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const code of a.orgs) {
        const orgId = orgIds.get(code) as string;
        await tx.insertInto('sys_user_org').values({ user_id: user.id, org_id: orgId }).execute();
        await tx.insertInto('sys_user_org_role').values({ user_id: user.id, org_id: orgId, role_id: roleIds.get(a.role) as string }).execute();
      }
    }
    return true;
  });
}

async function seedMenus(tx: Tx, items: MenuSeed[], parentId: string | null, roleIds: Map<string, string>): Promise<void> {
  let sort = 0;
  for (const item of items) {
    sort += 10;
    const id = await insertMenuEntry(tx, item, parentId, sort);
    await grant(tx, id, grantedRoles(item), roleIds);
    for (const b of item.buttons ?? []) {
      await grant(tx, await insertButtonEntry(tx, b, id), buttonRoles(b), roleIds);
    }
    if (item.children) await seedMenus(tx, item.children, id, roleIds);
  }
}

/** A menu entry of the code's tree as a sys_menu row; its id. */
export async function insertMenuEntry(tx: Tx, item: MenuSeed, parentId: string | null, sort: number): Promise<string> {
  const row = await tx
    .insertInto('sys_menu')
    .values({
      parent_id: parentId, kind: 'menu', name: item.name, name_en: item.en, path: item.path, component: item.component ?? null,
      icon: item.icon ?? null, keep_alive: item.keepAlive ?? true, menu_flag: item.app ? 'app' : 'web', sort,
      permission: null, url_path: null, query: null, seeded: true, hidden: item.hidden ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type ButtonSeed = NonNullable<MenuSeed['buttons']>[number];

/** A button entry of the code's tree under its menu entry; its id. */
export async function insertButtonEntry(tx: Tx, b: ButtonSeed, menuId: string): Promise<string> {
  const row = await tx
    .insertInto('sys_menu')
    .values({ parent_id: menuId, kind: 'button', name: b.name, name_en: b.en, permission: b.permission, path: b.path ?? null, sort: 0, url_path: null, component: b.component ?? null, icon: null, query: null, seeded: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A button's roles: its own, and the administrator's. */
export function buttonRoles(b: ButtonSeed): string[] {
  return ['ROLE_ADMIN', ...(b.roles ?? [])];
}

/** A leaf's own roles; a folder's are the union of its leaves' (the administrator holds all). */
export function grantedRoles(item: MenuSeed): string[] {
  if (!item.children?.length) return ['ROLE_ADMIN', ...(item.roles ?? [])];
  return [...new Set(item.children.flatMap(grantedRoles))];
}

async function grant(tx: Tx, menuId: string, roles: string[], roleIds: Map<string, string>): Promise<void> {
  for (const code of new Set(roles)) {
    const roleId = roleIds.get(code);
    if (roleId) await tx.insertInto('sys_role_menu').values({ role_id: roleId, menu_id: menuId }).execute();
  }
}
