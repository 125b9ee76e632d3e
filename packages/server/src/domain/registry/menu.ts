import type { MenuButtonSeed, MenuSeed } from '../../platform/menu/define';
import { historyMenuPath } from './history';
import { KIND_INFO, registryMenuPath, registryPermission, REGISTRY_KINDS } from './kinds';

/**
 * The 登记 (Registry) menu area: a leaf per kind, opening the generic list screen
 * with the document buttons and the gate's. Operators take every action;
 * accountants look.
 */
const OP = 'ROLE_OPERATOR';
const AC = 'ROLE_ACCOUNTANT';

type Entry = [component: string, action: string, zh: string, en: string];

/**
 * In the order a gate office uses them: the first ones stay on the bar, the rest go under 更多.
 * The gate's actions are family actions (protocol documents.ts): batch calls on the selected rows,
 * and the dialogs of web pages/registry (reading a card, binding one, the snapshots, the queue).
 */
const ENTRIES: Entry[] = [
  ['view', 'view', '查看', 'View'],
  ['create', 'create', '新增', 'Add'], ['audit', 'audit', '审核', 'Audit'],
  ['batch:letin', 'letin', '入厂', 'Gate in'], ['batch:letout', 'letout', '出厂', 'Gate out'],
  ['page:supplement', 'supplement', '补卡', 'Bind card'], ['page:readCard', 'card', '读卡', 'Read card'],
  ['page:pictures', 'pictures', '抓拍图片', 'Snapshots'],
  ['update', 'update', '修改', 'Edit'], ['unaudit', 'unaudit', '反审核', 'Un-audit'], ['obsolete', 'obsolete', '作废', 'Void'],
  ['recover', 'recover', '恢复', 'Recover'], ['enable', 'enable', '启用', 'Enable'], ['disable', 'disable', '停用', 'Disable'],
  ['page:rematch', 'rematch', '重新匹配', 'Re-queue'], ['batch:merge', 'merge', '合并', 'Merge'],
  // the driver's phone link and its QR code (domain/driver)
  ['page:driverLink', 'driverLink', '司机链接', 'Driver link'],
  ['delList', 'delList', '删除', 'Delete'], ['export', 'export', '导出', 'Export'],
];
const LOOKING = new Set(['view', 'pictures']);

function buttons(prefix: string): MenuButtonSeed[] {
  return ENTRIES.map(([component, action, name, en]) => ({
    name, en, permission: `${prefix}_${action}`, component: component as MenuButtonSeed['component'], roles: LOOKING.has(action) ? [OP, AC] : [OP],
  }));
}

/** 出厂记录: a look-only leaf per kind; its 'view' entry is the screen's permission and shows no button. */
const HISTORY: MenuSeed = {
  name: '出厂记录', en: 'Released trips', path: '/registry/history',
  children: REGISTRY_KINDS.map((kind) => ({
    name: `${KIND_INFO[kind].label.replace('登记单', '')}出厂记录`, en: `${KIND_INFO[kind].en.replace(' registries', '')} released trips`, path: historyMenuPath(kind), roles: [OP, AC],
    buttons: [{ name: '查看', en: 'View', permission: `${registryPermission(kind)}_hisRelease`, component: 'view', roles: [OP, AC] }],
  })),
};

/** The 登记 (Registry) folder's leaves. */
export const REGISTRY_LEAVES: MenuSeed[] = [
  ...REGISTRY_KINDS.map((kind) => ({
    name: KIND_INFO[kind].label, en: KIND_INFO[kind].en, path: registryMenuPath(kind), roles: [OP, AC],
    buttons: buttons(registryPermission(kind)),
  })),
  HISTORY,
];
