import type { FastifyInstance } from 'fastify';
import { PLANT_PERMISSIONS, TEAM_REPORT_DAYS_MAX, teamReportQuery, ID_PATTERN } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../platform/http/errors';
import { attachment, XLSX_TYPE } from '../../platform/excel/workbook';
import { gateCounts, holdsPermission, homeCounts, plantToday, teamReportRows, teamsOf } from './repo';
import { rangeRefusal, teamInfo, teamReport, vehicleChart } from './rules';
import { teamReportSheet } from './export';

const orgParam = z.object({ orgId: z.string().regex(ID_PATTERN, '组织应为数字编号') });

/**
 * The plant at a glance: the home counts and gate chart (spec: GET count, GET vehicle table, by
 * organisation id) and the team reports with their export and their teams.
 */
export function reportRoutes(app: FastifyInstance, db: Database): void {
  const home = { config: { access: { permission: PLANT_PERMISSIONS.home } } };
  const view = { config: { access: { permission: PLANT_PERMISSIONS.teamView, demoAllowed: true as const } } };

  app.get('/api/home/count', home, async (request) => ok(await homeCounts(db, request.caller.orgId)));

  app.get('/api/home/vehicle-table', home, async (request) => {
    const day = await plantToday(db);
    return ok(vehicleChart(day, await gateCounts(db, request.caller.orgId, day)));
  });

  app.get('/api/home/vehicle-table/:orgId', home, async (request) => {
    const { orgId } = parse(orgParam, request.params);
    const { caller } = request;
    // another of the user's companies, where they hold the same right; anything else is not theirs to see
    if (orgId !== caller.orgId && !(await holdsPermission(db, caller.userId, orgId, PLANT_PERMISSIONS.home))) {
      throw AppError.of('notFound', '组织不存在', 'orgId');
    }
    const day = await plantToday(db);
    return ok(vehicleChart(day, await gateCounts(db, orgId, day)));
  });

  async function readReport(orgId: string, body: unknown) {
    const q = parse(teamReportQuery, body ?? {});
    const refusal = rangeRefusal(q.from, q.to, TEAM_REPORT_DAYS_MAX);
    if (refusal) throw badRequest(refusal.message, refusal.field);
    const teams = await teamsOf(db, orgId);
    if (q.team !== undefined && !teams.some((t) => t.seq === q.team)) throw badRequest('班组不存在', 'team');
    return teamReport(q.from, q.to, teams, await teamReportRows(db, orgId, q, teams));
  }

  app.post('/api/report/team', view, async (request) => ok(await readReport(request.caller.orgId, request.body)));

  app.post('/api/report/team/export', { config: { access: { permission: PLANT_PERMISSIONS.teamExport, demoAllowed: true } } }, async (request, reply) => {
    const report = await readReport(request.caller.orgId, request.body);
    const name = report.from === report.to ? `班组日报_${report.from}.xlsx` : `班组报表_${report.from}_${report.to}.xlsx`;
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(teamReportSheet(report));
  });

  app.get('/api/report/teams', view, async (request) => ok((await teamsOf(db, request.caller.orgId)).map(teamInfo)));
}
