import type { MenuSeed } from '../../platform/menu/define';
import { CREDENTIAL_PATH, credentialListTemplate, credentialPermission } from './templates';

/**
 * 系统管理 / 磅点凭证: the administrator issues a key per scale for its station agent and revokes
 * it. Granted to no role besides the administrator: a key lets a program put weights on the
 * company's scales.
 */
export const STATION_LEAVES: MenuSeed[] = [{
  name: credentialListTemplate.formatName, en: credentialListTemplate.formatNameEn as string, path: CREDENTIAL_PATH, roles: [],
  buttons: [
    { name: '查看', en: 'View', permission: credentialPermission('view'), component: 'view', roles: [] },
    // opens the issue dialog (web pages/station-keys), which shows the new key once
    { name: '发放凭证', en: 'Issue key', permission: credentialPermission('issue'), component: 'page:issueStationKey', roles: [] },
    { name: '吊销', en: 'Revoke', permission: credentialPermission('revoke'), component: 'batch:revoke', roles: [] },
  ],
}];
