import type { FastifyInstance } from 'fastify';
import { listRequest } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import type { DocumentFamily } from '../../platform/documents/define';
import { exportList } from '../../platform/documents/export';
import { attachment, XLSX_TYPE } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { runList } from '../../platform/list/repo';
import { loadListTemplate } from '../../platform/templates/repo';
import { planList } from '../../platform/list/rules';
import { candidateTickets, checkPeriod, periodOf } from './create';
import { priceTickets } from './pricing';
import { candidateLabels, excludedSummary } from './repo';
import { excludedText } from '../settlement/rules';
import { FS_BASE, FS_LABEL, MAX_TICKETS, fsPermission } from './kinds';
import { freightSettlementListTemplate, FS_LIST } from './templates';
import { periodBody } from './wire';

/**
 * The freight settlement's reads beside its template lists: the candidates of a carrier's period
 * (createList), the list without paging (noPageList) and the list's export. Reads sent by POST,
 * so no log entry (demoAllowed).
 */
export function freightSettlementRoutes(app: FastifyInstance, db: Database): void {
  const read = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });

  app.post(`${FS_BASE}/createList`, read(fsPermission('createList')), async (request) => {
    const body = parse(periodBody, request.body ?? {});
    const answer = await db.transaction().execute(async (tx) => {
      const tickets = await candidateTickets(tx, request.caller, body);
      const shown = await candidateLabels(tx, request.caller.orgId, tickets.map((t) => t.id));
      const out = [];
      for (const t of tickets) {
        // each priced alone: one ticket no price covers shows without its freight, it does not hide the others
        const priced = await priceTickets(tx, request.caller.orgId, [t]);
        const row = priced.ok ? priced.value[0] : undefined;
        out.push({
          id: t.id, ticketNo: t.ticketNo, kind: t.kind, materialId: t.materialId, completedAt: t.completedAt, net: t.net, hauled: t.hauled, shipped: t.shipped, goodsPrice: t.goodsPrice,
          plateNumber: shown.get(t.id)?.plateNumber ?? null, materialName: shown.get(t.id)?.materialName ?? null,
          freight: row?.freightAmount ?? null, lossCharge: row?.lossCharge ?? null,
        });
      }
      return out;
    });
    return ok(answer);
  });

  // why the carrier's period has no candidate (or fewer than expected): the period's tickets that are not, counted by reason
  app.post(`${FS_BASE}/createList/excluded`, read(fsPermission('createList')), async (request) => {
    const body = parse(periodBody, request.body ?? {});
    const answer = await db.transaction().execute(async (tx) => {
      await checkPeriod(tx, request.caller, body);
      const excluded = await excludedSummary(tx, request.caller.orgId, periodOf(body));
      return { excluded, excludedText: excludedText(excluded, '期间内没有该业务类型的磅单') };
    });
    return ok(answer);
  });

  app.post(`${FS_BASE}/noPageList`, read(fsPermission('view')), async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await loadListTemplate(db, FS_LIST);
    if (!template) throw new Error(`list template ${FS_LIST} not seeded`);
    const plan = planList(template, { ...body, limit: undefined });
    const page = await runList(db, { ...plan, limit: MAX_TICKETS, offset: 0 }, request.caller);
    return ok(page.list);
  });

  app.post(`${FS_BASE}/export`, read(fsPermission('export')), async (request, reply) => {
    const body = parse(listRequest, request.body ?? {});
    // the export reads the family's label and list template only
    const family = { label: FS_LABEL, listTemplate: freightSettlementListTemplate } as unknown as DocumentFamily;
    const stream = await exportList(db, family, request.caller, body);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${FS_LABEL}.xlsx`)).send(stream);
  });
}
