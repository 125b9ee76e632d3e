import { familyButton, type MenuSeed } from '../../platform/menu/define';
import { KIOSK_MENU_PATH } from './kiosk/templates';

/**
 * The leaves of applied quality: in the 质检化验 folder the bulk quality-inspection platform
 * (/viewWeigh, the kiosk page outside the workspace; the lab's) and the kiosk keys (an
 * administrator's: no role besides the administrator is granted them); the quality report, which
 * names vendors beside the lab's results, goes to 报表中心 (module.ts places it), the accountant's,
 * never the lab's: the lab must not learn whose sample is whose.
 */
const QA = 'ROLE_QUALITY';
const AC = 'ROLE_ACCOUNTANT';

export const QUALITY_APPLY_PERMISSIONS = {
  kioskView: 'quality_kiosk_view',
  kioskIssue: 'quality_kiosk_issueKiosk',
  kioskRevoke: 'quality_kiosk_revoke',
  report: 'quality_report_view',
} as const;

export const QUALITY_APPLY_LEAVES: MenuSeed[] = [
  { name: '批量质检平台', en: 'Bulk inspection', path: '/viewWeigh', roles: [QA], component: 'quality/kiosk' },
  {
    name: '质检终端', en: 'Inspection kiosks', path: KIOSK_MENU_PATH, roles: [],
    buttons: [
      { name: '查看', en: 'View', permission: QUALITY_APPLY_PERMISSIONS.kioskView, component: 'view', roles: [] },
      familyButton('quality_kiosk', 'page', 'issueKiosk', '发放密钥', 'Issue key', []),
      familyButton('quality_kiosk', 'batch', 'revoke', '吊销', 'Revoke', []),
    ],
  },
  {
    name: '质量报表', en: 'Quality report', path: '/quality/report', roles: [AC], component: 'quality/report',
    buttons: [{ name: '查看', en: 'View', permission: QUALITY_APPLY_PERMISSIONS.report, component: 'view', roles: [AC] }],
  },
];
