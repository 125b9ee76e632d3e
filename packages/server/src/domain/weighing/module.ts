import { defineModule } from '../../platform/module/define';
import { WEIGH_TEMPLATES } from './family';
import { WEIGH_LEAVES } from './menu';
import { weighingRoutes } from './routes';

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
  routes: (app, { db, list }) => weighingRoutes(app, db, list),
});
