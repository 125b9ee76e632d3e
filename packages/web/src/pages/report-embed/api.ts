import { call } from '@/platform/api/http';

/** What an embedded report receives (server domain/report-sql/embed.ts). */
export interface EmbedContext {
  /** the fixed administrator marker, or '' */
  admin: string;
  orgId: string;
  orgName: string | null;
  orgs: { id: string; orgCode: string; orgName: string }[];
}

export const embedContext = () => call<EmbedContext>('/report/embed/context');

/** frView: the path the workspace opens for a reportlet (a report code, `?a=b` parameters kept). */
export const frView = (reportlet: string) => call<EmbedContext & { path: string }>('/report/frView', { method: 'POST', body: { reportlet } });
