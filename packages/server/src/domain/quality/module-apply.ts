import type { FastifyInstance } from 'fastify';
import { idsBody } from '@wb/protocol';
import { attachment, XLSX_TYPE } from '../../platform/excel/workbook';
import { parse } from '../../platform/http/errors';
import { ok } from '../../platform/http/envelope';
import { defineAction, type ActionDecl, type ListDecl, type ModuleContext } from '../../platform/module/define';
import { issueKiosk, issueKioskBody, revokeKiosk } from './kiosk/keys';
import { kioskRoutes } from './kiosk/routes';
import { KIOSK_LIST, KIOSK_LIST_URL, kioskListTemplate } from './kiosk/templates';
import { QUALITY_APPLY_LEAVES, QUALITY_APPLY_PERMISSIONS as P } from './menu-apply';
import { checkPeriod, reportQuery, reportSheet, withPassRate } from './report';
import { readQualityReport } from './report-repo';

/**
 * What applied quality adds to the quality module (module.ts spreads these): the kiosk keys'
 * actions and list, the kiosk's own calls, the quality report, their leaves and template.
 */
export const QUALITY_APPLY_ACTIONS: ActionDecl[] = [
  defineAction({
    path: '/api/quality/kiosk/issueKiosk', permission: P.kioskIssue, body: issueKioskBody,
    run: ({ tx, who, input }) => issueKiosk(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '密钥已发放，请立即抄录，关闭后不再显示',
  }),
  defineAction({
    path: '/api/quality/kiosk/revoke', permission: P.kioskRevoke, body: idsBody,
    run: ({ tx, who, input }) => revokeKiosk(tx, who, input.body.ids),
    log: (_, done) => done.notes, reply: (done) => done.reply, message: '已吊销',
  }),
];

export const QUALITY_APPLY_LISTS: ListDecl[] = [{ url: KIOSK_LIST_URL, template: KIOSK_LIST, permission: P.kioskView }];
export const QUALITY_APPLY_TEMPLATES = [kioskListTemplate];
export { QUALITY_APPLY_LEAVES };

export function qualityApplyRoutes(app: FastifyInstance, ctx: Pick<ModuleContext, 'db'>): void {
  kioskRoutes(app, ctx.db);
  // 质量报表: JSON for the screen and its chart, format=xlsx for the sheet
  app.get('/api/quality/report', { config: { access: { permission: P.report } } }, async (request, reply) => {
    const q = parse(reportQuery, request.query ?? {});
    checkPeriod(q);
    const lines = withPassRate(await readQualityReport(ctx.db, { orgId: request.caller.orgId, from: q.from, to: q.to, vendorId: q.vendorId ?? null, materialId: q.materialId ?? null }));
    if (q.format === 'xlsx') return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`质量报表_${q.from}_${q.to}.xlsx`)).send(reportSheet(lines));
    return ok({ from: q.from, to: q.to, rows: lines });
  });
}
