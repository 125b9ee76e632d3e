import { idsBody, stationCredentialIssueBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { issueCredential, issueNote, revokeCredential, revokeNotes } from './credentials';
import { scaleBoardOf, stationLiveRoutes } from './live';
import { STATION_LEAVES } from './menu';
import { CREDENTIAL_BASE, CREDENTIAL_LIST_CODE, credentialListTemplate, credentialPermission } from './templates';

/**
 * The scale floor (issue 13): station credentials, the indicators' readings published by the
 * station agents and pushed to the weighing screens, and the rule of where a weighing's figure
 * comes from (weigh-source.ts, which the weighing calls). See README.md.
 */
export const stationModule = defineModule({
  key: 'station',
  depends: ['system'],
  templates: [credentialListTemplate],
  menu: [{ area: '/system', leaves: STATION_LEAVES }],
  lists: [{ url: `${CREDENTIAL_BASE}/v2/list`, template: CREDENTIAL_LIST_CODE, permission: credentialPermission('view') }],
  actions: [
    defineAction({
      path: `${CREDENTIAL_BASE}/issue`, permission: credentialPermission('issue'), body: stationCredentialIssueBody,
      run: ({ tx, who, input }) => issueCredential(tx, who, input.body),
      log: (_, issued) => issueNote(issued), message: '凭证已发放，请立即复制密钥：关闭后不再显示',
    }),
    defineAction({
      path: `${CREDENTIAL_BASE}/revoke`, permission: credentialPermission('revoke'), body: idsBody,
      run: async ({ tx, who, input, app }) => {
        const revoked = await revokeCredential(tx, who, input.body.ids);
        // what the revoked key sent is no longer weighed on
        for (const c of revoked) await scaleBoardOf(app).forget(tx, who.orgId, c.scale_id);
        return revoked;
      },
      log: (_, revoked) => revokeNotes(revoked), reply: (revoked) => ({ count: revoked.length }), message: '吊销成功',
    }),
  ],
  routes: (app, { database, now }) => stationLiveRoutes(app, database, { now }),
});
