import type { FastifyInstance } from 'fastify';
import { confirmSubmitBody, type ListRequest, listRequest, type SearchCondition } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../platform/http/errors';
import { writeLog } from '../../platform/audit/log';
import { loadListTemplate } from '../../platform/templates/repo';
import { type ListOptions, runList } from '../../platform/list/repo';
import { planList } from '../../platform/list/rules';
import { hasPermission } from '../../platform/auth/permissions';
import { releaseOnLine } from '../notice/quantity';
import { knownLoad } from '../weighing/rules/net';
import { CONFIRM_GRID_NAMES, CONFIRM_GRIDS, type ConfirmGrid, gridPermission } from './grids';
import { actionable, confirmButtons, decideConfirm, siteDeductionsBeyondLoad } from './rules';
import { applyEffect, factsOf, lockGridTicket, plantToday, STATE_FROM_DB } from './repo';
import { confirmListCode } from './templates';

/** What every search of a grid is held to: its kind and side, sampled materials for sampling, trucks still at the site unless a state is asked for. */
function gridConditions(grid: ConfirmGrid, search: NonNullable<ListRequest['search']>): SearchCondition[] {
  const g = CONFIRM_GRIDS[grid];
  const forced: SearchCondition[] = [{ key: 'kind', op: 'eq', val: g.kind }];
  if (g.side) forced.push({ key: 'side', op: 'eq', val: g.side });
  if (g.sampling) forced.push({ key: 'isSample', op: 'eq', val: true });
  const asksState = search.some((c) => 'key' in c && c.key === 'state' && c.val !== '' && c.val != null);
  if (!asksState) forced.push({ key: 'atSite', op: 'eq', val: true });
  return forced;
}

/** A listed row with its buttons and whether the caller may press them (spec section 4: confirmSubButs, ihandle). */
function withButtons(row: Record<string, unknown>, sampling: boolean, mayPress: boolean) {
  const buttons = confirmButtons({
    ticket: {
      code: String(row.ticketNo), state: STATE_FROM_DB[row.state as keyof typeof STATE_FROM_DB], uploaded: row.uploaded === true,
      sceneConfirm: row.sceneConfirm === true, returned: row.returned === true, isReturn: row.isReturn === true, hasFirstWeighing: row.hasFirstWeighing === true,
    },
    sampleState: (row.rawSampleState as 'QUALIFIED' | 'UNQUALIFIED' | null) ?? null,
  }, sampling);
  return { ...row, confirmSubButs: buttons, ihandle: mayPress && actionable(true, buttons) };
}

export function confirmRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  for (const grid of CONFIRM_GRID_NAMES) {
    const g = CONFIRM_GRIDS[grid];

    app.post(`/api/confirm/${grid}/v2/list`, { config: { access: { permission: gridPermission(grid, 'view'), demoAllowed: true } } }, async (request) => {
      const body = parse(listRequest, request.body ?? {});
      const template = await loadListTemplate(db, confirmListCode(grid));
      if (!template) throw new AppError(500, `列表模板 ${confirmListCode(grid)} 未配置`);
      const search = [...(body.search ?? []), ...gridConditions(grid, body.search ?? [])];
      const page = await runList(db, planList(template, { ...body, search }), request.caller.orgId, list);
      const mayPress = await hasPermission(db, request.caller, gridPermission(grid, 'submit'));
      return ok({ ...page, list: page.list.map((row) => withButtons(row, g.sampling, mayPress)) });
    });

    app.post(`/api/confirm/${grid}/submit`, { config: { access: { permission: gridPermission(grid, 'submit') } } }, async (request) => {
      const body = parse(confirmSubmitBody, request.body);
      const { caller } = request;
      const result = await db.transaction().execute(async (tx) => {
        const row = await lockGridTicket(tx, caller.orgId, grid, body.id);
        if (!row) throw new AppError(404, '磅单不存在', 'id');
        const decision = decideConfirm({ ticket: factsOf(row), sampleState: row.sample_state }, g.sampling, body, await plantToday(tx));
        if (!decision.ok) throw badRequest(decision.message, 'button');
        const beyond = siteDeductionsBeyondLoad(decision.effect, knownLoad(row.gross, row.tare));
        if (beyond) throw badRequest(beyond, 'deductions');
        await applyEffect(tx, caller.orgId, row, decision.effect, caller.userId);
        // the truck leaves without goods counted: its hold on the notice line goes back
        if (decision.effect.kind === 'state' && decision.effect.closeKind && row.notice_line_id && Number(row.reserved_quantity) > 0) {
          await releaseOnLine(tx, caller.orgId, row.notice_line_id, row.reserved_quantity);
        }
        return { ticketNo: row.ticket_no };
      });
      await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'siteConfirm', detail: `${result.ticketNo} ${body.button}`, ip: request.ip });
      return ok({ id: body.id }, '操作成功');
    });
  }
}
