import type { ClientConfig, NavReply, OrgSummary, Paged } from '@wb/protocol';
import { call } from './http';
import { setPlantZone } from '@/platform/plant-time';

/** The settings the web needs before sign-in; the plant's time zone is set for every date the web shows or sends. */
export const fetchClientConfig = () =>
  call<ClientConfig>('/config/client').then((config) => {
    setPlantZone(config.timeZone);
    return config;
  });

export const fetchNav = () => call<NavReply>('/sys-menu/nav');

export interface OrgQuery {
  pn: number;
  ps: number;
  orgName: string;
}

export function fetchCurrentOrgs(q: OrgQuery): Promise<Paged<OrgSummary>> {
  const search = q.orgName.trim() ? [{ key: 'orgName' as const, op: 'like' as const, val: q.orgName.trim() }] : [];
  return call<Paged<OrgSummary>>('/sys-user-org/currentOrgs', { method: 'POST', body: { limit: { pn: q.pn, ps: q.ps }, search } });
}

export const switchOrg = (id: string) => call<boolean>(`/sys-user-org/switchOrg/${encodeURIComponent(id)}`, { method: 'POST' });

