import type { MenuSeed } from '../../platform/menu/define';
import { CONFIRM_GRID_NAMES, CONFIRM_GRIDS, gridPermission } from './grids';

const OP = 'ROLE_OPERATOR';
const SA = 'ROLE_SAMPLER';

/**
 * The site-confirmation leaves of one weighing area (/purchase, /sale, ...): one per grid, each its
 * own page (`confirm/<grid>`) with its view and submit rights. Operators at the unloading and
 * loading points confirm; the sampler (取样员) judges the samples. The lab's result entry
 * (ROLE_QUALITY) holds none: every grid shows the trucks' plates and vendors.
 */
export function confirmLeaves(areaPath: string): MenuSeed[] {
  return CONFIRM_GRID_NAMES.filter((grid) => CONFIRM_GRIDS[grid].menuPath.startsWith(`${areaPath}/`)).map((grid) => {
    const g = CONFIRM_GRIDS[grid];
    const roles = g.sampling ? [SA] : [OP];
    return {
      name: g.label, en: g.labelEn, path: g.menuPath, component: `confirm/${grid}`, roles,
      buttons: [
        { name: '查看', en: 'View', permission: gridPermission(grid, 'view'), component: 'view', roles },
        { name: g.sampling ? '取样判定' : '确认操作', en: g.sampling ? 'Judge samples' : 'Confirm', permission: gridPermission(grid, 'submit'), roles },
      ],
    };
  });
}
