import type { MenuButtonSeed, MenuSeed } from '../../platform/menu/define';
import { NOTICE_KINDS, noticePermission } from './kinds';
import { receivedAllotListTemplate } from './templates';

/**
 * The 通知单 (Notices) menu area: a leaf per kind with the document buttons and the notice's own
 * (close, the quantity corrections, the end time), and the allot notices addressed to this
 * company. Operators and accountants keep notices; a correction of done, which the plant is paid
 * on, is the accountant's.
 */
const OP = 'ROLE_OPERATOR';
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: [string, string, string][] = [
  ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'], ['audit', '审核', 'Audit'],
  ['unaudit', '反审核', 'Un-audit'], ['obsolete', '作废', 'Void'], ['recover', '恢复', 'Recover'], ['copy', '复制', 'Copy'],
  ['export', '导出', 'Export'], ['import', '导入', 'Import'],
];
/** The notice's own actions: `${kind}:${name}` as protocol documents.ts names them. */
const OWN: [string, string, string, string[]][] = [
  ['batch:close', '关闭', 'Close', [OP, AC]], ['batch:reopen', '重新打开', 'Reopen', [OP, AC]],
  ['page:updateMaxLimit', '修改最大限量', 'Change max limit', [OP, AC]], ['page:updateEndTime', '修改结束时间', 'Change end time', [OP, AC]],
  ['page:updateDone', '修改已执行量', 'Correct done', [AC]],
];

function buttons(kind: (typeof NOTICE_KINDS)[number]['kind']): MenuButtonSeed[] {
  return [
    { name: '查看', en: 'View', permission: noticePermission(kind, 'view'), component: 'view', roles: [OP, AC] },
    ...DOCUMENT.map(([action, name, en]): MenuButtonSeed => ({ name, en, permission: noticePermission(kind, action), component: action as MenuButtonSeed['component'], roles: [OP, AC] })),
    ...OWN.map(([component, name, en, roles]): MenuButtonSeed => ({ name, en, permission: noticePermission(kind, component.split(':')[1]), component: component as MenuButtonSeed['component'], roles })),
  ];
}

/** The 通知单 (Notices) folder's leaves. */
export const NOTICE_LEAVES: MenuSeed[] = [
  ...NOTICE_KINDS.map((k): MenuSeed => ({ name: k.label, en: k.pluralEn, path: k.menuPath, roles: [OP, AC], buttons: buttons(k.kind) })),
  {
    name: receivedAllotListTemplate.formatName, en: receivedAllotListTemplate.formatNameEn as string, path: receivedAllotListTemplate.menuPath as string, roles: [OP, AC],
    buttons: [{ name: '查看', en: 'View', permission: noticePermission('al', 'received'), component: 'view', roles: [OP, AC] }],
  },
];
