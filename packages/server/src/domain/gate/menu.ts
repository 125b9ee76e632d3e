import { menuLeaf as leaf, ROLE, type MenuSeed } from '../../platform/menu/define';
import { appointmentRules, passCards, qrcodeRules } from './archives';

/**
 * The 门岗管理 (Gate) leaves: the guard's four pages, each its own component, and the gate's
 * archives (appointment rules, pass cards, QR-code rules) as template lists. Letting a truck in or
 * out is the registry's own permission (wb_registry_<kind>_letin / _letout).
 */
const OP = ROLE.operator;
const look = { name: '门岗查询', en: 'Gate look-up', permission: 'gt_gate_view', roles: [OP] };
const passIn = { name: '通行证放行', en: 'Let a pass through', permission: 'gt_gate_pass', roles: [OP] };
// 叫号: the waiting list's call (domain/driver)
const callIn = { name: '叫号', en: 'Call in', permission: 'gt_gate_call', roles: [OP] };

export const GATE_LEAVES: MenuSeed[] = [
  leaf('车辆入厂', 'Gate entrance', '/gate/entrance', [OP], { component: 'gate/entrance', buttons: [look, passIn, callIn] }),
  leaf('车辆出厂', 'Gate release', '/gate/release', [OP], { component: 'gate/release', buttons: [{ ...look, permission: 'gt_gate_release_view' }] }),
  leaf('IC卡读写', 'IC card reading', '/gate/card', [OP], { component: 'gate/card', buttons: [{ ...look, permission: 'gt_gate_card_view' }] }),
  leaf('厂内车辆', 'Vehicles in plant', '/gate/in-plant', [OP], { component: 'gate/in-plant' }),
  appointmentRules.leaf, passCards.leaf, qrcodeRules.leaf,
];
