import { licenceExpiryJob } from './expiry-warning';
import { defineModule } from '../../platform/module/define';
import { ARCHIVE_FAMILIES, popupsOf } from './families';
import { expiringListTemplate, grantFamily, GRANT_BASE, GRANT_OPEN_URL, GRANT_PERMISSION, openGrantList, openGrantResource } from './grant';
import { EXPIRING_PERMISSION, LICENCE_LEAVES } from './menu';
import { EXPIRING_DAYS } from './rules';
import { grantSyncRoutes } from './routes';

/**
 * Licence control (许可管理, mgp): standard products, the plant's products mapped to them, the
 * buyer's divisions and authorised collectors, sale types and grants with their lines, all on the
 * document engine; the grants' sync (sheet import, interface push) and the expiring list. The
 * sales notice and registry call checks.ts (through seams.ts); the second weighing calls draw.ts.
 */
const days = (param: Record<string, unknown> | undefined) => {
  const n = Number(param?.days);
  return Number.isInteger(n) && n > 0 && n <= 366 ? n : EXPIRING_DAYS;
};

export const licenceModule = defineModule({
  key: 'licence',
  depends: ['masterdata'],
  jobs: [licenceExpiryJob],
  documents: [...ARCHIVE_FAMILIES, grantFamily],
  // popups before the forms that open them
  templates: [...popupsOf(ARCHIVE_FAMILIES), expiringListTemplate, openGrantList, openGrantResource],
  menu: [{ area: '/mgp', leaves: LICENCE_LEAVES }],
  lists: [{
    // 即将到期: audited grants ending within the days asked (param.days, else 30), soonest first
    url: `${GRANT_BASE}/expiring/v2/list`, template: expiringListTemplate.formatCode, permission: EXPIRING_PERMISSION,
    forced: ({ body }) => [
      { key: 'docStatus', op: 'eq', val: 'AUDITED' }, { key: 'daysLeft', op: 'ge', val: 0 }, { key: 'daysLeft', op: 'le', val: days(body.param) },
    ],
  }, {
    // the popup of a sales notice and registry: what may be named today (the checks say the rest)
    url: GRANT_OPEN_URL, template: openGrantList.formatCode, permission: `${GRANT_PERMISSION}_view`, anyTplId: true,
    forced: () => [{ key: 'docStatus', op: 'eq', val: 'AUDITED' }, { key: 'enabled', op: 'eq', val: true }, { key: 'daysLeft', op: 'ge', val: 0 }],
  }],
  routes: (app, { db }) => grantSyncRoutes(app, db, grantFamily),
});
