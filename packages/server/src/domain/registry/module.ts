import { defineModule } from '../../platform/module/define';
import { REGISTRY_FAMILIES, REGISTRY_TEMPLATES } from './family';
import { REGISTRY_KINDS } from './kinds';
import { REGISTRY_LEAVES } from './menu';
import { registryRoutes } from './routes';

/**
 * Registries (登记): the trip of a truck through the gate, one family per kind on the document
 * engine, with the gate (letin, letout), the IC card, the queue, merges and 出厂记录. A registry's
 * hold on a notice line goes through notice/quantity.ts.
 */
export const registryModule = defineModule({
  key: 'registry',
  depends: ['masterdata', 'notice'],
  documents: REGISTRY_KINDS.map((k) => REGISTRY_FAMILIES[k]),
  templates: REGISTRY_TEMPLATES,
  menu: [{ area: '/registry', leaves: REGISTRY_LEAVES }],
  routes: (app, { db, list, storage, now }) => registryRoutes(app, db, list, { storage, now }),
});
