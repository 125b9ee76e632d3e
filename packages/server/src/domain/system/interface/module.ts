import { idsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, familyButton, menuLeaf as leaf } from '../../../platform/menu/define';
import { resend } from '../../../platform/outbox/repo';
import { interfaceFamily } from './family';
import { OUTBOX_LIST_CODE, outboxListTemplate } from './outbox-list';

/**
 * Interfaces to other systems: where each kind of message goes (接口配置, per company) and the
 * outbox's history of what was sent, waits or failed (接口消息), with resend. Administrators only.
 */
export const interfaceModule = defineModule({
  key: 'interface',
  documents: [interfaceFamily],
  templates: [outboxListTemplate],
  menu: [{
    area: '/system',
    leaves: [
      // the outbox (platform/outbox): where messages to other systems go, and what was sent
      leaf('接口配置', 'Interfaces', '/system/interface', [], { buttons: documentButtons('sys_interface', ['create', 'update', 'delList', 'enable', 'disable'], []) }),
      leaf('接口消息', 'Interface messages', '/system/outbox', [], {
        buttons: [...documentButtons('sys_outbox', [], []), familyButton('sys_outbox', 'batch', 'resend', '重新发送', 'Resend', [])],
      }),
    ],
  }],
  lists: [{ url: '/api/system/outbox/v2/list', template: OUTBOX_LIST_CODE, permission: 'sys_outbox_view' }],
  actions: [defineAction({
    path: '/api/system/outbox/resend', permission: 'sys_outbox_resend', body: idsBody,
    run: async ({ tx, who, input }) => ({ count: await resend(tx, who.orgId, input.body.ids), asked: input.body.ids.length }),
    log: (_, done) => ({ action: 'outboxResend', family: '接口消息', detail: `${done.count}/${done.asked}` }),
    reply: (done) => ({ count: done.count }),
    message: (done) => (done.count === done.asked ? '已重新排队发送' : `已重新排队 ${done.count} 条；其余已在等待发送`),
  })],
});
