import type {
  AdminMenuEntry, DataScope, AdminMenuNode, AdminOptions, AdminRole, AdminRoleDetail, AdminUser, ResourceScanReport, WeighParams,
} from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The administration calls (spec: calls section 7, menu administration and system). */

export type MenuEntryBody = Omit<AdminMenuEntry, 'id'>;

export type RoleBody = Pick<AdminRole, 'roleCode' | 'roleName' | 'roleNameEn' | 'remark'>;

export interface Membership { orgId: string; orgName?: string; roleIds: string[]; roleNames?: string[] }
export interface UserCreateBody {
  username: string;
  realName: string;
  mobile?: string | null;
  email?: string | null;
  password: string;
  orgs: Membership[];
  assayItemIds: string[];
}

const enc = encodeURIComponent;

export const fetchWeighParams = () => call<WeighParams>('/system/param/weigh');
export const saveWeighParams = (body: Partial<WeighParams>) => call<WeighParams>('/system/param/weigh', { method: 'PUT', body });

export const fetchMenuTree = () => call<AdminMenuNode[]>('/sys-menu/tree');
export const createMenuEntry = (body: MenuEntryBody) => call<{ id: string }>('/sys-menu', { method: 'POST', body });
export const updateMenuEntry = (id: string, body: MenuEntryBody) => call<boolean>(`/sys-menu/${enc(id)}`, { method: 'PUT', body });
export const deleteMenuEntry = (id: string) => call<boolean>(`/sys-menu/${enc(id)}`, { method: 'DELETE' });

export const fetchRoles = () => call<AdminRole[]>('/sys-role/page');
export const fetchRole = (id: string) => call<AdminRoleDetail>(`/sys-role/${enc(id)}`);
export const fetchResourceTree = () => call<AdminMenuNode[]>('/sys-role/resource-tree');
export const fetchRoleOptions = () => call<AdminOptions>('/sys-role/options');
export const createRole = (body: RoleBody) => call<{ id: string }>('/sys-role', { method: 'POST', body });
export const updateRole = (id: string, body: RoleBody) => call<boolean>(`/sys-role/${enc(id)}`, { method: 'PUT', body });
export const switchRole = (id: string, action: 'enable' | 'disable') => call<boolean>(`/sys-role/${enc(id)}/${action}`, { method: 'PUT' });
export const saveRoleMenus = (roleId: string, menuIds: string[]) => call<{ granted: number }>('/sys-role/menu', { method: 'PUT', body: { roleId, menuIds } });
export const saveRoleScope = (id: string, body: { dataScope: DataScope; orgIds: string[]; assayItemIds: string[]; classIds: string[]; codeRuleIds: string[] }) =>
  call<boolean>(`/sys-role/${enc(id)}/scope`, { method: 'PUT', body });

export const fetchUsers = (keyword: string, pn: number, ps: number) =>
  call<{ list: AdminUser[]; total: number }>('/sys-user/v2/list', { method: 'POST', body: { keyword, limit: { pn, ps } } });
export const fetchUserOptions = () => call<AdminOptions>('/sys-user/options');
export const createUser = (body: UserCreateBody) => call<{ id: string }>('/sys-user', { method: 'POST', body });
export const updateUser = (id: string, body: { realName: string; mobile?: string | null; email?: string | null }) =>
  call<boolean>(`/sys-user/${enc(id)}`, { method: 'PUT', body });
export const saveUserOrgs = (id: string, orgs: Membership[]) =>
  call<boolean>(`/sys-user/${enc(id)}/orgs`, { method: 'PUT', body: { orgs: orgs.map((o) => ({ orgId: o.orgId, roleIds: o.roleIds })) } });
export const saveUserAssayItems = (id: string, itemIds: string[]) => call<boolean>(`/sys-user/${enc(id)}/assay-items`, { method: 'PUT', body: { itemIds } });
export const switchUsers = (ids: string[], action: 'enable' | 'disable') => call<boolean>(`/sys-user/${action}`, { method: 'POST', body: { ids } });
export const resetPassword = (id: string, newpassword: string) => call<boolean>(`/sys-user/password/reset/${enc(id)}`, { method: 'PUT', body: { newpassword } });

export const scanResources = (components: string[]) => call<ResourceScanReport>('/sys-menu/scan', { method: 'POST', body: { components } });
