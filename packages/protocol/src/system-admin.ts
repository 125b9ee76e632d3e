/**
 * The rows of the administration screens (spec: calls section 7, menu administration and
 * system): what the server's users, roles and menu calls answer and the web's screens show.
 * The company parameters are WeighParams (weigh-params.ts).
 */

/** One menu or button entry (GET /api/sys-menu/tree, /api/sys-role/resource-tree). */
export interface AdminMenuEntry {
  id: string;
  parentId: string | null;
  kind: 'menu' | 'button';
  name: string;
  nameEn: string | null;
  path: string | null;
  component: string | null;
  icon: string | null;
  permission: string | null;
  sort: number;
  keepAlive: boolean;
  menuFlag: 'web' | 'app';
}

/** An entry with the entries under it, in sidebar order. */
export interface AdminMenuNode extends AdminMenuEntry {
  children: AdminMenuNode[];
}

/** 扫描前端资源: what the menu tree and the code disagree on (POST /api/sys-menu/scan). */
export interface ResourceScanReport {
  /** pages the web can open that no menu entry opens */
  unboundComponents: string[];
  /** menu entries naming a page the web does not have (they open the no-template page) */
  unknownComponents: { id: string; name: string; component: string }[];
  /** permission keys a route checks that no entry carries: nobody can be granted the call */
  unregisteredPermissions: string[];
}

/** A role of the caller's group, with how many people hold it (GET /api/sys-role/page). */
export interface AdminRole {
  id: string;
  roleCode: string;
  roleName: string;
  roleNameEn: string | null;
  remark: string | null;
  isAdmin: boolean;
  enabled: boolean;
  userCount: number;
}

/**
 * Whose rows a role's holders see in every list of the current company, narrowest first: the rows
 * they created, the rows their department created, the company's rows, and group (lists never
 * leave the session's company, so it narrows no further than company). Several roles: the widest.
 */
export const DATA_SCOPES = ['own', 'department', 'company', 'group'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** What a role reaches besides its menus: its data scope, companies, assay items, material classes, code rules. */
export interface AdminRoleScope {
  dataScope: DataScope;
  orgIds: string[];
  assayItemIds: string[];
  classIds: string[];
  codeRuleIds: string[];
}

/** Who holds a role, in which of the group's companies. */
export interface AdminRoleHolder {
  userId: string;
  username: string;
  realName: string;
  orgId: string;
  orgName: string;
}

/** One role with its grants and holders (GET /api/sys-role/{id}). */
export interface AdminRoleDetail extends AdminRole, AdminRoleScope {
  menuIds: string[];
  holders: AdminRoleHolder[];
}

/** A company a user belongs to, with the roles held there. */
export interface AdminUserMembership {
  orgId: string;
  orgName: string;
  roleIds: string[];
  roleNames: string[];
}

/** A user of the caller's group (POST /api/sys-user/v2/list). */
export interface AdminUser {
  id: string;
  username: string;
  realName: string;
  /** the avatar's name (GET admin file /{name}); null: none */
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  enabled: boolean;
  createDate: string;
  orgs: AdminUserMembership[];
  assayItemIds: string[];
}

/** One choice of the administration forms: a company, role, assay item, material class or code rule. */
export interface AdminOption {
  id: string;
  name: string;
  code: string;
  parentId?: string | null;
  enabled?: boolean;
}

/** The group's choices (GET /api/sys-user/options, /api/sys-role/options). */
export interface AdminOptions {
  orgs: AdminOption[];
  roles: AdminOption[];
  assayItems: AdminOption[];
  classes: AdminOption[];
  codeRules: AdminOption[];
}
