import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf, ROLE } from '../../platform/menu/define';
import type { ListRow } from '../../platform/list/route';
import { LOGISTICS_LIST_CODE, LOGISTICS_MENU, LOGISTICS_PERMISSION, LOGISTICS_URL, logisticsListTemplate } from './list';
import { arrivalHistory } from './repo';
import { expectedArrival, isOverdue } from './rules';

const { operator: OP, accountant: AC } = ROLE;

/** Each truck's expected arrival from its route's history or set time (rules.ts), read once per vendor of the page. */
async function withExpectedArrival(rows: ListRow[], db: Parameters<typeof arrivalHistory>[0], orgId: string): Promise<ListRow[]> {
  const vendors = [...new Set(rows.map((r) => r.vendorId).filter((v): v is string => typeof v === 'string'))];
  const history = await arrivalHistory(db, orgId, vendors);
  const now = new Date();
  return rows.map((r) => {
    const e = expectedArrival({
      dispatchedAt: new Date(String(r.dispatchedAt)), historyMinutes: history.get(String(r.vendorId)) ?? [],
      routeMinutes: r.routeMinutes === null || r.routeMinutes === undefined ? null : Number(r.routeMinutes),
    });
    return { ...r, expectedArrival: e.at, arrivalBasis: e.basis, transitMinutes: e.minutes, overdue: isOverdue(e, now) };
  });
}

/**
 * 物流 of the purchase family: a notice's trucks on their way, read from the registry (registered
 * and audited at the vendor's side) and the gate (not yet let in), each with its expected arrival.
 * A list per notice (search by notice number, or param.noticeId from the notice's row).
 */
export const logisticsModule = defineModule({
  key: 'logistics',
  depends: ['registry'],
  templates: [logisticsListTemplate],
  menu: [{
    area: '/purchase',
    leaves: [leaf('采购物流', 'Purchase logistics', LOGISTICS_MENU, [OP, AC], {
      buttons: [{ name: '查看', en: 'View', permission: LOGISTICS_PERMISSION, component: 'view', roles: [OP, AC] }],
    })],
  }],
  lists: [{
    url: LOGISTICS_URL, template: LOGISTICS_LIST_CODE, permission: LOGISTICS_PERMISSION,
    forced: ({ body }) => [
      { key: 'kind', op: 'eq', val: 'pu' }, { key: 'tripState', op: 'eq', val: 'PLANNED' }, { key: 'docStatus', op: 'eq', val: 'AUDITED' },
      { key: 'enabled', op: 'eq', val: true },
      ...(typeof body.param?.noticeId === 'string' && /^\d{1,18}$/.test(body.param.noticeId) ? [{ key: 'noticeId', op: 'eq' as const, val: body.param.noticeId }] : []),
    ],
    decorate: (rows, call) => withExpectedArrival(rows, call.db, call.who.orgId),
  }],
});
