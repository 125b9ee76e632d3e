import { sql } from 'kysely';
import type { Caller } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import type { ModuleContext } from '../../platform/module/define';
import type { ReportDefinition, ReportParam } from '@wb/protocol';
import { loadReportForCaller, resolveParams } from '../report-centre/load';
import { reportTimeZone } from '../report-centre/routes';
import { parseReportlet } from './rules';

/** What an embedded report receives for an administrator (the seed's fixed marker); else ''. */
export const ADMIN_MARKER = 'admin';

/** Where the workspace shows an embedded report: a page without the workspace's frame. */
export const EMBED_BASE = '/report-embed';

export interface EmbedContext {
  /** ADMIN_MARKER when the caller holds an administrator role in the current company, else '' */
  admin: string;
  orgId: string;
  orgName: string | null;
  orgs: { id: string; orgCode: string; orgName: string }[];
}

/** The admin marker, the current company and the caller's companies, in one statement. */
export async function embedContext(db: Database, caller: Caller): Promise<EmbedContext> {
  const { rows: [row] } = await sql<{ admin: boolean; org_name: string | null; orgs: EmbedContext['orgs'] }>`
    SELECT EXISTS (SELECT 1 FROM sys_user_org_role ur JOIN sys_role r ON r.id = ur.role_id AND r.is_admin AND r.enabled
                    WHERE ur.user_id = ${caller.userId}::bigint AND ur.org_id = ${caller.orgId}::bigint) AS admin,
           (SELECT org_name FROM sys_org WHERE id = ${caller.orgId}::bigint) AS org_name,
           (SELECT coalesce(json_agg(json_build_object('id', o.id::text, 'orgCode', o.org_code, 'orgName', o.org_name) ORDER BY o.org_code), '[]')
              FROM sys_user_org m JOIN sys_org o ON o.id = m.org_id AND o.enabled WHERE m.user_id = ${caller.userId}::bigint) AS orgs`.execute(db);
  return { admin: row.admin ? ADMIN_MARKER : '', orgId: caller.orgId, orgName: row.org_name, orgs: row.orgs };
}

/**
 * The reportlet's `?a=b` parameters the report takes: its dataset's parameters (a date range also
 * as `<key>From` and `<key>To`) that the report does not hide; any other key is dropped.
 */
export function reportletParams(params: ReportParam[], definition: Pick<ReportDefinition, 'params'>, query: string): URLSearchParams {
  const keys = new Set<string>();
  for (const p of params) {
    if (definition.params.find((o) => o.key === p.key)?.hidden) continue;
    keys.add(p.key);
    if (p.type === 'dateRange') keys.add(`${p.key}From`).add(`${p.key}To`);
  }
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(query)) if (keys.has(k) && !kept.has(k)) kept.set(k, v);
  return kept;
}

/**
 * frView: the path of the embedded page for a reportlet (a report's code, FineReport's `x.cpt`
 * accepted, with `?a=b` parameters passed on), once the report loads for the caller: a designed
 * report of the company or a built-in one, 404 when there is none, 403 when the caller may not
 * read it (the loader of the report centre decides, as for the viewer). The parameters are the
 * report's initial filter: checked as the filter bar's are (a bad one is a 400 naming it), and only
 * those the report takes are passed on.
 */
export async function reportPath(ctx: ModuleContext, caller: Caller, reportlet: string): Promise<string> {
  const { code, query } = parseReportlet(reportlet);
  const { dataset, definition, reader } = await loadReportForCaller({ db: ctx.db, modules: ctx.modules }, caller, code);
  const kept = reportletParams(dataset.params, definition, query);
  resolveParams(dataset, definition, Object.fromEntries(kept), reader, reportTimeZone());
  const search = kept.toString();
  return `${EMBED_BASE}/${code}${search ? `?${search}` : ''}`;
}
