import type { MenuSeed } from '../../platform/menu/define';
import { INTERVENTION_PATH, interventionListTemplate, interventionPermission } from './templates';

/**
 * 过磅 / 远程干预: the remote operator answers the unattended lanes' refused trucks. The weighing
 * operator's job: they answer for what the scale house would have decided.
 */
const OP = 'ROLE_OPERATOR';

export const LANE_LEAVES: MenuSeed[] = [{
  name: interventionListTemplate.formatName, en: interventionListTemplate.formatNameEn as string, path: INTERVENTION_PATH, roles: [OP], component: 'lane/intervention',
  buttons: [
    { name: '查看', en: 'View', permission: interventionPermission('view'), component: 'view', roles: [OP] },
    { name: '放行', en: 'Approve', permission: interventionPermission('approve'), component: 'batch:approve', roles: [OP] },
    { name: '禁止', en: 'Forbid', permission: interventionPermission('forbid'), component: 'batch:forbid', roles: [OP] },
  ],
}];
