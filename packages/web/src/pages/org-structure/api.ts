import type { CountReply } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The organisation structure's own calls (the rest are the document actions of its templates). */

export interface Group {
  id: string;
  groupCode: string;
  groupName: string;
  remark: string | null;
  version: number;
}

export const fetchGroup = () => call<Group>('/system/group/get');
export const saveGroup = (entity: Pick<Group, 'groupName' | 'remark' | 'version'>) => call<Group>('/system/group/update', { method: 'PUT', body: { entity } });

/** The organisation's detail: the record, its departments (entitysub) and its users (subTables.sys_user). */
export const fetchOrganisationDetail = (id: string) => call<unknown>('/system/organisation/detail', { method: 'POST', body: { search: [{ key: 'id', op: 'eq', val: id }] } });

/** Puts company members in a department (null: in none). */
export const assignUsers = (deptId: string | null, userIds: string[]) => call<CountReply>('/system/department/assignUsers', { method: 'POST', body: { deptId, userIds } });
