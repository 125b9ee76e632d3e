import { idParam } from '@wb/protocol';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { defineAction, defineModule } from '../../platform/module/define';
import { TICKET_KINDS, ticketPermission } from '../weighing/kinds';
import { ARCHIVE_FAMILIES } from './archives';
import { autoModelFamily } from './auto-models';
import { enterResultsBody, recheckBody } from './bodies';
import { sampleCard, sampleCardPdf, ticketSampleCard } from './card';
import { checkSample, CHECK_FAMILY } from './check';
import { formatFamily } from './formats';
import { itemFamily } from './items';
import { QUALITY_LEAVES, QUALITY_PERMISSIONS as P } from './menu';
import { labSample, sampleLog, sampleTickets, ticketAssay } from './read';
import { openRecheck } from './recheck';
import { allowedItems } from './repo';
import { enterResults } from './results';
import { ASSAY_LIST, LOG_LIST, RECHECK_LIST, SAMPLE_LIST, SAMPLE_TEMPLATES } from './templates';
import { QUALITY_APPLY_ACTIONS, QUALITY_APPLY_LEAVES, QUALITY_APPLY_LISTS, QUALITY_APPLY_TEMPLATES, qualityApplyRoutes } from './module-apply';

/**
 * Quality (质检化验): what the lab measures (items, formats with formulas, its small archives,
 * the auto models), the samples the sampling grid draws with their blind codes and cards, and the
 * lab's results: entry of one's own items, the second person's check, the recheck, the assay log.
 * README.md has the rules, the readings and the lock order.
 */
const sampleParams = idParam;
const QUALITY_REPORT_PATH = '/quality/report';
const kindParams = z.object({ kind: z.enum(TICKET_KINDS), id: idParam.shape.id });

export const qualityModule = defineModule({
  key: 'quality',
  // a settled ticket's correction goes through the settlement (apply.ts)
  depends: ['masterdata', 'weighing', 'settlement'],
  documents: [itemFamily, formatFamily, autoModelFamily, ...ARCHIVE_FAMILIES],
  templates: [...SAMPLE_TEMPLATES, ...QUALITY_APPLY_TEMPLATES],
  menu: [
    { area: '/quality', leaves: [...QUALITY_LEAVES, ...QUALITY_APPLY_LEAVES.filter((l) => l.path !== QUALITY_REPORT_PATH)] },
    // the quality report names vendors: it sits with the other reports, the accountant's, outside the lab's folder
    { area: '/reportforms', leaves: QUALITY_APPLY_LEAVES.filter((l) => l.path === QUALITY_REPORT_PATH) },
  ],
  lists: [
    { url: '/api/quality/assay/v2/list', template: ASSAY_LIST, permission: P.assayView },
    {
      url: '/api/quality/recheck/v2/list', template: RECHECK_LIST, permission: P.recheckView,
      forced: () => [{ key: 'state', op: 'in', val: ['CHECKED', 'RECHECK', 'RECHECKED'] }],
    },
    { url: '/api/quality/sample/v2/list', template: SAMPLE_LIST, permission: P.sampleMap },
    { url: '/api/quality/log/v2/list', template: LOG_LIST, permission: P.logView },
    ...QUALITY_APPLY_LISTS,
  ],
  actions: [
    defineAction({
      path: '/api/quality/sample/:id/results', permission: P.enter, params: sampleParams, body: enterResultsBody,
      run: async ({ tx, who, input }) => enterResults(tx, {
        orgId: who.orgId, userId: who.userId, name: who.realName || who.username, allowed: await allowedItems(tx, who.orgId, who.userId),
      }, input.params.id, input.body),
      log: (_, done) => ({ action: 'assayEnter', family: CHECK_FAMILY, docNo: done.blindCode, detail: `${done.blindCode} 第${done.round}轮 ${done.changed}项变更` }),
      message: '保存成功',
    }),
    // the check, by the sample and as the 化验单 list's one-row button (one:check posts {base}/check/{id})
    ...['/api/quality/sample/:id/check', '/api/quality/assay/check/:id'].map((path) => defineAction({
      path, permission: P.check, params: sampleParams,
      run: ({ tx, who, input }) => checkSample(tx, { orgId: who.orgId, userId: who.userId, name: who.realName || who.username }, input.params.id),
      log: (_, done) => done.note, reply: () => null, message: '审核成功',
    })),
    defineAction({
      path: '/api/quality/sample/:id/recheck', permission: P.recheck, params: sampleParams, body: recheckBody,
      run: ({ tx, who, input }) => openRecheck(tx, { orgId: who.orgId, userId: who.userId, name: who.realName || who.username }, input.params.id, input.body.reason),
      log: (_, done) => done.note, reply: () => null, message: '已发起复检',
    }),
    ...QUALITY_APPLY_ACTIONS,
  ],
  routes: (app, ctx) => {
    const { db } = ctx;
    qualityApplyRoutes(app, ctx);
    const view = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });
    app.get('/api/quality/sample/:id', view(P.assayView), async (request) =>
      ok(await labSample(db, request.caller, parse(sampleParams, request.params).id)));
    app.get('/api/quality/sample/:id/log', view(P.assayView), async (request) =>
      ok(await sampleLog(db, request.caller.orgId, parse(sampleParams, request.params).id)));
    app.get('/api/quality/sample/:id/tickets', view(P.sampleMap), async (request) =>
      ok(await sampleTickets(db, request.caller.orgId, parse(sampleParams, request.params).id)));
    app.get('/api/quality/sample/:id/card', view(P.sampleCard), async (request, reply) => {
      const card = await sampleCard(db, request.caller.orgId, parse(sampleParams, request.params).id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="sample-${card.blindCode}.pdf"`).send(await sampleCardPdf(card));
    });
    // the card of the sample a truck was just drawn into, at the sampling point: the map's right (it ties the truck to the code)
    app.get('/api/quality/ticket/:id/card', view(P.sampleMap), async (request, reply) => {
      const card = await ticketSampleCard(db, request.caller.orgId, parse(sampleParams, request.params).id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="sample-${card.blindCode}.pdf"`).send(await sampleCardPdf(card));
    });
    // the weighing's "assay input and check" of one ticket, under that kind's view right
    for (const kind of TICKET_KINDS) {
      app.get(`/api/weigh/${kind}/assay/:id`, view(`${ticketPermission(kind)}_view`), async (request) => {
        const { id } = parse(kindParams, { ...(request.params as object), kind });
        return ok(await ticketAssay(db, request.caller.orgId, kind, id));
      });
    }
  },
});
