import { PLANT_BOARD_PATH, PLANT_BOARD_PERMISSION, type PlantBoard } from '@wb/protocol';
import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf, ROLE } from '../../platform/menu/define';
import { ok } from '../../platform/http/envelope';
import { vehiclesInPlant } from '../live/repo';
import { liveScales } from '../station/credential-repo';
import { scaleBoardOf } from '../station/live';
import { todaysTons, waitingInterventions } from './repo';

const zone = () => process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
const plantDay = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone() }).format(new Date(now));

/**
 * 厂区大屏 (/clouds/index1, the spec's second home): the plant on a wall display. One read of what
 * the families already keep: the trucks in the plant (domain/live), today's tons by kind (the
 * tickets), the scales' last readings (the station board) and the lanes' waiting requests (domain/
 * lane). The page reads it again whenever the live stream of the plant says something changed.
 */
export const plantBoardModule = defineModule({
  key: 'plant-board',
  depends: ['live', 'station', 'lane'],
  menu: [{
    area: '/reportforms',
    leaves: [leaf('厂区大屏', 'Plant wall board', '/clouds/index1', [ROLE.operator, 'ROLE_GENERAL_MANAGER'], {
      buttons: [{ name: '查看厂区大屏', en: 'View plant wall board', permission: PLANT_BOARD_PERMISSION, roles: [ROLE.operator, 'ROLE_GENERAL_MANAGER'] }],
    })],
  }],
  routes: (app, { db, now }) => {
    app.get(PLANT_BOARD_PATH, { config: { access: { permission: PLANT_BOARD_PERMISSION } } }, async (request) => {
      const { orgId } = request.caller;
      const day = plantDay(now());
      const scales = scaleBoardOf(app);
      const [inPlant, tonsByKind, credentials, interventions, latest] = await Promise.all([
        vehiclesInPlant(db, orgId), todaysTons(db, orgId, day, zone()), liveScales(db, orgId), waitingInterventions(db, orgId), scales.latestOf(db, orgId),
      ]);
      const board: PlantBoard = {
        day, inPlant, tonsByKind, interventions,
        scales: credentials.map((c) => ({ scaleId: c.scale_id, stationName: c.station_name, latest: latest.get(c.scale_id) ?? null })),
      };
      return ok(board);
    });
  },
});
