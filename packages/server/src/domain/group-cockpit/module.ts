import { GROUP_COCKPIT_PAGE, GROUP_COCKPIT_PATH, GROUP_COCKPIT_PERMISSION, type GroupCockpit } from '@wb/protocol';
import type { RawBuilder } from 'kysely';
import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import type { ReportDataset } from '../../platform/reports/dataset';
import { executeDataset } from '../../platform/reports/execute';
import { inPlantCounts } from '../live/repo';
import { waitingInterventionCounts } from '../plant-board/repo';
import { accountCents, groupPlants, openApprovals, stockTons, stockTonsByClass, unsettledCents, dayTons, monthTons } from './repo';
import { assemblePlants, monthStartOf, plantDay } from './rules';
import { unsettledDayCheck } from './consistency-repo';

const zone = () => process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
const MANAGER = 'ROLE_GENERAL_MANAGER';

/**
 * How the cockpit reads: as the platform's own reports do (executor 'app': a READ ONLY transaction
 * on the reports' connection), so it reads wherever the reports read. It declares no rows of its
 * own to the report centre: only its executor is used.
 */
const COCKPIT_READ: ReportDataset = {
  key: 'group.cockpit',
  name: '集团驾驶舱',
  nameEn: 'Group cockpit',
  permission: GROUP_COCKPIT_PERMISSION,
  params: [],
  fields: [],
  executor: 'app',
  query: () => { throw new Error('the group cockpit is read by its route'); },
};

/**
 * 集团驾驶舱: every plant of the caller's group side by side, for a user whose roles in the current
 * company reach the whole group (data scope 集团). Each figure is one statement over all the
 * plants (GROUP BY org_id), never a statement per plant.
 */
export const groupCockpitModule = defineModule({
  key: 'group-cockpit',
  depends: ['live', 'plant-board', 'stock', 'money', 'workflow', 'track'],
  checks: [unsettledDayCheck],
  menu: [{
    area: '/reportforms',
    leaves: [leaf('集团驾驶舱', 'Group cockpit', GROUP_COCKPIT_PAGE, [MANAGER], {
      component: 'group/cockpit',
      buttons: [{ name: '查看集团驾驶舱', en: 'View group cockpit', permission: GROUP_COCKPIT_PERMISSION, roles: [MANAGER] }],
    })],
  }],
  routes: (app, { db, database, now }) => {
    app.get(GROUP_COCKPIT_PATH, { config: { access: { permission: GROUP_COCKPIT_PERMISSION } } }, async (request) => {
      const { groupId, userId, dataScope } = request.caller;
      if (dataScope !== 'group') throw AppError.of('forbidden');
      const day = plantDay(now(), zone());
      const monthStart = monthStartOf(day);
      const plants = await executeDataset(database.pool, COCKPIT_READ, async (client) => {
        const read = async <R>(query: RawBuilder<R>): Promise<R[]> => {
          const compiled = query.compile(db);
          return (await client.query({ text: compiled.sql, values: [...compiled.parameters] })).rows as R[];
        };
        const group = await read(groupPlants(groupId, userId));
        const ids = group.map((p) => p.orgId);
        return assemblePlants({
          plants: group,
          inPlant: await read(inPlantCounts(ids)),
          today: await read(dayTons(ids, day, zone())),
          month: await read(monthTons(ids, monthStart, day, zone())),
          stock: await read(stockTons(ids)),
          stockByClass: await read(stockTonsByClass(ids)),
          accounts: await read(accountCents(ids)),
          unsettled: await read(unsettledCents(ids)),
          interventions: await read(waitingInterventionCounts(ids)),
          approvals: await read(openApprovals(ids)),
        });
      });
      const cockpit: GroupCockpit = { day, monthStart, plants };
      return ok(cockpit);
    });
  },
});
