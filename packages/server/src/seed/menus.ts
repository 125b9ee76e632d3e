/** The demo plant's menu tree: every area of the platform (spec section 1), built from the modules. */
import { CONFIRM_GRID_NAMES, CONFIRM_GRIDS } from '../domain/confirm/grids';
import { TICKET_KINDS } from '../domain/weighing/kinds';
import { ticketMenuPath } from '../domain/weighing/menu';
import { FS_MENU } from '../domain/freight-settlement/kinds';
import { RECONCILE_MENU, RECONCILE_PERMISSIONS } from '../domain/settlement/reconcile';

export { MENU_TREE } from '../domain/modules';
export type { MenuButtonSeed, MenuSeed } from '../platform/menu/define';

/**
 * Leaves the tree once seeded at another path: a database seeded then has its entry moved to the
 * new path at start (seed/menu-upgrade.ts), keeping its id, name and grants. The help page used to
 * name one host and port, wrong on any other installation.
 */
export const MOVED_LEAVES: { from: string; to: string }[] = [
  { from: 'http://localhost:8080/help.html', to: '/help.html' },
];

/**
 * Buttons the tree moved from one leaf to another that both stay: a database seeded then has the
 * seeded button moved at start (seed/menu-upgrade.ts), keeping its id and permission key, and the
 * roles holding it get the new leaf. 对账查询 covers goods and freight alike: it left 运费结算's
 * 更多 for a leaf of its own under 结算管理.
 */
export const MOVED_BUTTONS: { permission: string; from: string; to: string }[] = [
  { permission: RECONCILE_PERMISSIONS.view, from: FS_MENU, to: RECONCILE_MENU },
  { permission: RECONCILE_PERMISSIONS.export, from: FS_MENU, to: RECONCILE_MENU },
];

/**
 * A change of the seeded roles' grants that a database seeded by an earlier release takes once at
 * start (seed/menu-upgrade.ts; remembered in sys_seed_step, so an administrator's later grant
 * stands). The sync otherwise only adds entries: a grant the tree stops giving would stay for ever.
 * - `take`: the role loses its grants on these leaves, their buttons and the folders above them,
 *   wherever the tree no longer grants it the entry;
 * - `give`: these roles are created in every group where missing (seed/demo.ts SEEDED_ROLES) and
 *   granted every entry of the tree that grants them.
 */
export interface GrantStep {
  step: string;
  take: { role: string; paths: string[] }[];
  give: string[];
}

export const GRANT_STEPS: GrantStep[] = [
  {
    // the lab stays blind: result entry (ROLE_QUALITY) sees no ticket, plate or vendor; the sampling
    // grid, the ticket lists (with the ticket's assay view) and the site confirmations go to the
    // sampler (ROLE_SAMPLER) and the operators; the home page's gate chart names plates too
    step: '062-blind-lab',
    take: [{
      role: 'ROLE_QUALITY',
      paths: [...TICKET_KINDS.map(ticketMenuPath), ...CONFIRM_GRID_NAMES.map((g) => CONFIRM_GRIDS[g].menuPath), '/reportforms/daily'],
    }],
    give: ['ROLE_SAMPLER'],
  },
  {
    // the lab reads the batch archive, opens batches on their silos (开仓), enters their test values
    // (检验值) and reads 批次质量报告 (domain/batch): entries that existed before are granted to them too
    step: '097-batch-lab',
    take: [],
    give: ['ROLE_QUALITY', 'ROLE_SAMPLER'],
  },
];
