import type { MenuButtonSeed, MenuSeed } from '../../platform/menu/define';
import { amendPermission, CONTRACT_KINDS, contractPermission, type ContractKindDef } from './kinds';

/**
 * Each contract's leaf in its folder (采购, 销售, 调拨) with the document buttons and its own
 * (close, terminate), and the leaf of its amendments (补充协议) beside it. Contracts are the
 * accountant's; the operators who write notices pick contract lines from the notice form's popup
 * (module.ts), which the notice's own permission opens.
 */
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: [string, string, string][] = [
  ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'], ['audit', '审核', 'Audit'],
  ['unaudit', '反审核', 'Un-audit'], ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['copy', '复制', 'Copy'], ['export', '导出', 'Export'],
];
const OWN: [string, string, string][] = [['batch:close', '关闭', 'Close'], ['batch:terminate', '终止', 'Terminate']];
// 提交审批: the document walks its approval flow (domain/workflow) when its type has one
const SUBMIT: [string, string, string] = ['page:submitApproval', '提交审批', 'Submit for approval'];
// the dialogs of one chosen contract (web pages/contract-dialogs): its quality terms (edited while a
// draft, shown after) and the values its audited amendments changed
const DIALOGS: [string, string, string, string][] = [
  ['page:contractQualityTerms', 'quality', '质量条款', 'Quality terms'], ['page:contractAmendHistory', 'history', '变更记录', 'Amendment history'],
];
const AMEND: [string, string, string][] = [
  ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'], ['audit', '审核', 'Audit'],
  ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['export', '导出', 'Export'],
];

function contractButtons(k: ContractKindDef): MenuButtonSeed[] {
  return [
    { name: '查看', en: 'View', permission: contractPermission(k.kind, 'view'), component: 'view', roles: [AC] },
    ...DOCUMENT.map(([action, name, en]): MenuButtonSeed => ({ name, en, permission: contractPermission(k.kind, action), component: action as MenuButtonSeed['component'], roles: [AC] })),
    ...[...OWN, SUBMIT].map(([component, name, en]): MenuButtonSeed => ({ name, en, permission: contractPermission(k.kind, component.split(':')[1]), component: component as MenuButtonSeed['component'], roles: [AC] })),
    ...DIALOGS.map(([component, action, name, en]): MenuButtonSeed => ({ name, en, permission: contractPermission(k.kind, action), component: component as MenuButtonSeed['component'], roles: [AC] })),
  ];
}

function amendButtons(k: ContractKindDef): MenuButtonSeed[] {
  return [
    { name: '查看', en: 'View', permission: amendPermission(k.kind, 'view'), component: 'view', roles: [AC] },
    ...AMEND.map(([action, name, en]): MenuButtonSeed => ({ name, en, permission: amendPermission(k.kind, action), component: action as MenuButtonSeed['component'], roles: [AC] })),
    { name: SUBMIT[1], en: SUBMIT[2], permission: amendPermission(k.kind, 'submitApproval'), component: 'page:submitApproval', roles: [AC] },
  ];
}

/** The leaves of a kind's folder: the contracts and their amendments. */
export const contractLeaves = (k: ContractKindDef): MenuSeed[] => [
  { name: k.label, en: k.pluralEn, path: k.menuPath, roles: [AC], buttons: contractButtons(k) },
  { name: `${k.label}补充协议`, en: `${k.labelEn} amendments`, path: k.amendPath, roles: [AC], buttons: amendButtons(k) },
];

export const CONTRACT_MENUS = CONTRACT_KINDS.map((k) => ({ area: k.area, leaves: contractLeaves(k) }));
