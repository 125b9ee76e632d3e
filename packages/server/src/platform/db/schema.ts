import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables; bigint ids arrive as strings from pg. */
type Id = ColumnType<string, string | number | undefined, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SysGroup { id: Generated<string>; group_code: string; group_name: string; created_at: Timestamp }
export interface SysOrg {
  id: Generated<string>; group_id: Id; parent_id: Id | null; org_code: string; org_name: string;
  org_name_en: string | null; enabled: Generated<boolean>; created_at: Timestamp;
}
export interface SysUser {
  id: Generated<string>; group_id: Id; username: string; real_name: string; avatar: string | null;
  mobile: string | null; email: string | null; password_hash: string; password_unsafe: Generated<boolean>;
  password_changed_at: Timestamp | null; current_org_id: Id | null; oidc_subject: string | null;
  enabled: Generated<boolean>; created_at: Timestamp; updated_at: Timestamp;
}
export interface SysRole {
  id: Generated<string>; group_id: Id; role_code: string; role_name: string; role_name_en: string | null;
  is_admin: Generated<boolean>; created_at: Timestamp;
}
export interface SysUserOrg { user_id: Id; org_id: Id }
export interface SysUserOrgRole { user_id: Id; org_id: Id; role_id: Id }
export interface SysMenu {
  id: Generated<string>; parent_id: Id | null; kind: 'menu' | 'button'; name: string; name_en: string | null;
  path: string | null; url_path: string | null; component: string | null; icon: string | null;
  permission: string | null; keep_alive: Generated<boolean>; query: string | null;
  menu_flag: Generated<'web' | 'app'>; sort: Generated<number>; methods: Generated<string[]>; created_at: Timestamp;
}
export interface SysRoleMenu { role_id: Id; menu_id: Id }
export interface AuthSession {
  id: Generated<string>; user_id: Id; org_id: Id | null; client_id: string; access_hash: Buffer;
  access_expires_at: Timestamp; refresh_hash: Buffer; refresh_expires_at: Timestamp;
  revoked_at: Timestamp | null; ip: string | null; device_id: string | null; created_at: Timestamp;
  refreshed_at: Timestamp | null;
}
export interface AuthCaptcha { random_str: string; code: string; expires_at: Timestamp }
export interface AuthOidcState {
  state: string; code_verifier: string; nonce: string; return_path: string; expires_at: Timestamp; created_at: Timestamp;
}
export interface AuthFailure { id: Generated<string>; username: string; ip: string; at: Timestamp }
export interface SysLog {
  id: Generated<string>; org_id: Id | null; user_id: Id | null; username: string | null; action: string;
  detail: string | null; ip: string | null; created_at: Timestamp;
}
export interface SysParam { org_id: Id; param_key: string; param_value: string }

export interface DB {
  sys_group: SysGroup;
  sys_org: SysOrg;
  sys_user: SysUser;
  sys_role: SysRole;
  sys_user_org: SysUserOrg;
  sys_user_org_role: SysUserOrgRole;
  sys_menu: SysMenu;
  sys_role_menu: SysRoleMenu;
  auth_session: AuthSession;
  auth_captcha: AuthCaptcha;
  auth_failure: AuthFailure;
  auth_oidc_state: AuthOidcState;
  sys_log: SysLog;
  sys_param: SysParam;
}
