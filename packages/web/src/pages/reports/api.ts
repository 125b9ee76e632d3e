import type { TeamInfo, TeamReport, TeamReportQuery } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { downloadFile } from '@/platform/api/download';

/** The team report calls (domain/report on the server). */
export const fetchTeamReport = (q: TeamReportQuery) => call<TeamReport>('/report/team', { method: 'POST', body: q });
export const fetchTeams = () => call<TeamInfo[]>('/report/teams');
export const saveTeams = (teams: { name: string; nameEn: string | null; start: string; end: string }[]) =>
  call<TeamInfo[]>('/report/teams', { method: 'PUT', body: { teams } });

export interface MaterialChoice { id: string; name: string; code: string }

/** Ten materials of the company matching the typed text (the material archive's suggestions). */
export async function searchMaterials(text: string): Promise<MaterialChoice[]> {
  const reply = await call<{ list: Record<string, unknown>[] }>('/masterdata/inventory/autocomplete', { query: { search: text }, quiet: true });
  return reply.list.map((r) => ({ id: String(r.id), name: String(r.invName ?? ''), code: String(r.invCode ?? '') }));
}

/** Downloads the report's .xlsx, named as the server names it. */
export const exportTeamReport = (q: TeamReportQuery): Promise<void> =>
  downloadFile('/report/team/export', { method: 'POST', body: q, fallbackName: 'team-report.xlsx' });

/** The report's conditions in a page address, and back: the condition page opens the display page with them. */
export function queryToSearch(q: TeamReportQuery): string {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.team) p.set('team', String(q.team));
  if (q.kind) p.set('kind', q.kind);
  if (q.materialId) p.set('materialId', q.materialId);
  return p.toString();
}

export function searchToQuery(search: URLSearchParams): TeamReportQuery | null {
  const from = search.get('from') ?? search.get('day');
  const to = search.get('to') ?? search.get('day');
  if (!from || !to) return null;
  const team = Number(search.get('team'));
  return {
    from, to,
    ...(team > 0 ? { team } : {}),
    ...(search.get('kind') ? { kind: search.get('kind') as TeamReportQuery['kind'] } : {}),
    ...(search.get('materialId') ? { materialId: search.get('materialId')! } : {}),
  };
}
