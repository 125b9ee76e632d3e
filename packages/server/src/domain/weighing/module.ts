import { defineModule } from '../../platform/module/define';
import { WEIGH_TEMPLATES } from './family';
import { WEIGH_LEAVES } from './menu';
import { weighingRoutes } from './routes';
import { WEIGH_LOG_LIST_CODE, WEIGH_LOG_PERMISSION } from './weigh-log-list';

/**
 * Weigh tickets (过磅): the first and second weighing of a station or the operator's screen, the
 * ticket lists and manual tickets (the engine, after the manual ticket's figures are derived), the
 * ticket's own actions and its print. Quantities on notice lines move through notice/quantity.ts.
 */
export const weighingModule = defineModule({
  key: 'weighing',
  depends: ['masterdata', 'notice', 'registry'],
  templates: WEIGH_TEMPLATES,
  menu: [{ area: '/weigh', leaves: WEIGH_LEAVES }],
  // every weighing call, taken, refused or replayed (weigh-log.ts)
  lists: [{ url: '/api/weigh/log/v2/list', template: WEIGH_LOG_LIST_CODE, permission: WEIGH_LOG_PERMISSION }],
  routes: (app, { db, list }) => weighingRoutes(app, db, list),
});
