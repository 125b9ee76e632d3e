import { reportDefinitionSchema, type ReportDatasetInfo, type ReportDefinition } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import type { FamilyModule } from '../../platform/module/define';
import type { ReportDataset } from '../../platform/reports/dataset';
import type { ReportReader } from '../../platform/reports/params';
import { loadSqlDataset } from '../report-sql/dataset';
import * as repo from './repo';

export { resolveParams, paramFacts, type ReportReader } from '../../platform/reports/params';

/**
 * The one way a report is reached (报表中心): by its code in the caller's company, a designed
 * report (rpt_report) before a module's built-in one, with its dataset and the caller's right to
 * read it checked. The viewer, print, export and frView all load through here.
 */

/** What the loader reads with: the database (or a transaction) and the app's modules. */
export interface ReportLoadContext {
  db: Database;
  modules?: FamilyModule[];
}

/** Who calls: the guard's caller (what the loader needs of it). */
export type ReportCaller = Pick<Caller, 'userId' | 'orgId' | 'groupId' | 'username' | 'realName'>;

export interface LoadedReport {
  definition: ReportDefinition;
  dataset: ReportDataset;
  /** a module's built-in report (read-only; the designer copies it) */
  builtIn: boolean;
  /** the company's stored report, when it is one */
  row?: { id: string; version: number; menuId: string | null };
  /** the reader, for resolveParams and the print's facts */
  reader: ReportReader;
}

/** The built-in datasets of every module, by key. */
export function moduleDatasets(modules: FamilyModule[] = []): ReportDataset[] {
  return modules.flatMap((m) => m.datasets ?? []);
}

/** The built-in reports of every module. */
export function moduleReports(modules: FamilyModule[] = []): ReportDefinition[] {
  return modules.flatMap((m) => m.reports ?? []);
}

/** What the designer and the filter bar are told of a dataset. */
export const datasetInfo = (d: ReportDataset): ReportDatasetInfo => ({ key: d.key, name: d.name, nameEn: d.nameEn, params: d.params, fields: d.fields });

/** The reader: names for the macros, organisations for an 'org' parameter, administrator or not, roles. */
export async function readerOf(db: Database, who: ReportCaller): Promise<ReportReader> {
  const r = await repo.readerRow(db, who.userId, who.orgId, who.groupId);
  return {
    userId: who.userId, username: who.username, realName: who.realName, orgId: who.orgId, groupId: who.groupId,
    orgName: r.org_name ?? '', groupName: r.group_name ?? '', admin: r.admin, roles: r.roles, orgs: r.orgs,
  };
}

/** The dataset a definition reads: a module's by key, or the company's database-source query. */
export async function datasetOf(ctx: ReportLoadContext, orgId: string, definition: ReportDefinition): Promise<ReportDataset> {
  const source = definition.source;
  if (source.kind === 'sql') return loadSqlDataset(ctx.db, orgId, source.id);
  const dataset = moduleDatasets(ctx.modules).find((d) => d.key === source.key);
  if (!dataset) throw AppError.of('notFound', `报表的数据集 ${source.key} 不存在`, 'source');
  return dataset;
}

/**
 * The report `code` as the caller may read it: the company's designed report of that code, else
 * a module's built-in report; 404 when neither exists, 403 when the caller may not read it.
 * Administrators always may; otherwise a designed report names the roles that may
 * (definition.roles), and a built-in report is read with its dataset's permission (or a role it names).
 */
export async function loadReportForCaller(ctx: ReportLoadContext, who: ReportCaller, code: string): Promise<LoadedReport> {
  if (typeof code !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(code)) throw AppError.of('notFound', '报表不存在', 'code');
  const stored = await repo.storedReport(ctx.db, who.orgId, code);
  let definition: ReportDefinition;
  let builtIn = false;
  if (stored) {
    const parsed = reportDefinitionSchema.safeParse(stored.definition);
    if (!parsed.success) throw AppError.of('notFound', '报表的定义已损坏，请在报表设计中重新保存', 'code');
    definition = { ...parsed.data, code };
  } else {
    const found = moduleReports(ctx.modules).find((r) => r.code === code);
    if (!found) throw AppError.of('notFound', '报表不存在', 'code');
    definition = reportDefinitionSchema.parse(found);
    builtIn = true;
  }
  const reader = await readerOf(ctx.db, who);
  const dataset = await datasetOf(ctx, who.orgId, definition);
  const byRole = definition.roles.some((r) => reader.roles.includes(r));
  const allowed = reader.admin || byRole || (builtIn && (await repo.holdsPermission(ctx.db, who.userId, who.orgId, dataset.permission)));
  if (!allowed) throw AppError.of('forbidden', '您没有查看该报表的权限');
  return {
    definition, dataset, builtIn, reader,
    ...(stored ? { row: { id: stored.id, version: stored.version, menuId: stored.menu_id } } : {}),
  };
}
