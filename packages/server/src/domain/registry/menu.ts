import type { MenuButtonSeed, MenuSeed } from '../../seed/menus';
import { KIND_INFO, registryMenuPath, registryPermission, REGISTRY_KINDS } from './kinds';

/**
 * The 登记 (Registry) menu area: a leaf per kind, opening the generic list screen
 * with the document buttons and the gate's. Operators take every action;
 * accountants look.
 */
const OP = 'ROLE_OPERATOR';
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: [MenuButtonSeed['component'], string, string][] = [
  ['view', '查看', 'View'], ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'],
  ['audit', '审核', 'Audit'], ['unaudit', '反审核', 'Un-audit'], ['enable', '启用', 'Enable'], ['disable', '停用', 'Disable'],
  ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['export', '导出', 'Export'],
];
/**
 * The gate's actions (protocol documents.ts, family actions): batch calls on the selected rows, and
 * the dialogs of pages/registry (reading a card, binding one, the snapshots, the queue).
 */
const GATE: [string, string, string, string][] = [
  ['batch:letin', 'letin', '入厂', 'Gate in'], ['batch:letout', 'letout', '出厂', 'Gate out'],
  ['page:readCard', 'card', '读卡', 'Read card'], ['page:supplement', 'supplement', '补卡', 'Bind card'],
  ['page:pictures', 'pictures', '抓拍图片', 'Snapshots'], ['page:rematch', 'rematch', '重新匹配', 'Re-queue'],
  ['batch:merge', 'merge', '合并', 'Merge'],
];

function buttons(prefix: string): MenuButtonSeed[] {
  return [
    ...DOCUMENT.map(([action, name, en]) => ({ name, en, permission: `${prefix}_${action}`, component: action, roles: action === 'view' ? [OP, AC] : [OP] })),
    ...GATE.map(([component, action, name, en]) => ({
      name, en, permission: `${prefix}_${action}`, component: component as MenuButtonSeed['component'], roles: action === 'pictures' ? [OP, AC] : [OP],
    })),
  ];
}

export const REGISTRY_MENU: MenuSeed = {
  name: '登记', en: 'Registry', path: '/registry', icon: 'FileTextOutlined',
  children: REGISTRY_KINDS.map((kind) => ({
    name: KIND_INFO[kind].label, en: KIND_INFO[kind].en, path: registryMenuPath(kind), roles: [OP, AC],
    buttons: buttons(registryPermission(kind)),
  })),
};
