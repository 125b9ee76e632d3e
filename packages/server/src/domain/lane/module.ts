import { defineAction, defineModule } from '../../platform/module/define';
import { answer } from './interventions';
import { LANE_LEAVES } from './menu';
import { laneRoutes } from './routes';
import { interventionAnswerBody } from './schemas';
import { INTERVENTION_BASE, INTERVENTION_LIST_CODE, interventionListTemplate, interventionPermission } from './templates';

/**
 * The unattended lane (无人值守, issue 13): the station agent's lane calls under its station
 * credential (routes.ts: the truck by card or plate, the weighing, the intervention request and
 * its answer, the snapshot, the print, the alarm, the agent's status) and the remote operator's
 * queue of refused trucks (过磅 / 远程干预). See README.md.
 */
export const laneModule = defineModule({
  key: 'lane',
  depends: ['station', 'weighing'],
  templates: [interventionListTemplate],
  menu: [{ area: '/weigh', leaves: LANE_LEAVES }],
  lists: [{ url: `${INTERVENTION_BASE}/v2/list`, template: INTERVENTION_LIST_CODE, permission: interventionPermission('view') }],
  actions: (['approve', 'forbid'] as const).map((decision) => defineAction({
    path: `${INTERVENTION_BASE}/${decision}`, permission: interventionPermission(decision), body: interventionAnswerBody,
    run: ({ tx, who, input }) => answer(tx, who, input.body.ids, decision, input.body.remark ?? null),
    log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: decision === 'approve' ? '已放行' : '已禁止',
  })),
  routes: (app, ctx) => laneRoutes(app, ctx),
});
