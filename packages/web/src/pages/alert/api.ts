import type { AlertCounts, AlertDetail, AlertFinding, AlertList, AlertRuleSetting } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** 预警中心's calls (server domain/alert/module.ts). A refusal (400) is shown where it was asked, so it raises no notification. */
const INLINE = [400] as const;

export type AlertQuery = Record<string, string | number | undefined>;

export const fetchAlerts = (query: AlertQuery) => call<AlertList>('/alert/list', { query });
export const fetchAlert = (id: string) => call<AlertDetail>(`/alert/${encodeURIComponent(id)}`);
export const fetchAlertCounts = () => call<AlertCounts>('/alert/counts');
export const fetchMembers = () => call<{ id: string; name: string; username: string }[]>('/alert/members');
export const fetchRuleSettings = () => call<AlertRuleSetting[]>('/alert/settings');

export const assignAlert = (id: string, assigneeId: string, version: number) =>
  call<null>(`/alert/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { assigneeId, version }, expected: INLINE });
export const commentAlert = (id: string, body: string) =>
  call<{ id: string }>(`/alert/${encodeURIComponent(id)}/comment`, { method: 'POST', body: { body }, expected: INLINE });
export const closeAlert = (id: string, finding: AlertFinding, note: string, version: number) =>
  call<null>(`/alert/${encodeURIComponent(id)}/close`, { method: 'POST', body: { finding, ...(note.trim() ? { note } : {}), version }, expected: INLINE });
export const reopenAlert = (id: string, reason: string, version: number) =>
  call<null>(`/alert/${encodeURIComponent(id)}/reopen`, { method: 'POST', body: { reason, version }, expected: INLINE });
export const saveRuleSetting = (rule: string, enabled: boolean, settings: Record<string, unknown>) =>
  call<null>(`/alert/settings/${encodeURIComponent(rule)}`, { method: 'PUT', body: { enabled, settings }, expected: INLINE });
