import { idsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { TICKET_KINDS, ticketBase, ticketPermission, TICKET_KIND_INFO } from '../weighing/kinds';
import { cancelUpload, uploadTickets } from './ticket-upload';

/**
 * Weigh tickets to the ERP: 上传ERP locks the tickets and queues their messages in the same
 * transaction as 'erp.ticket' events (platform/events delivers them to the ERP subscription);
 * 撤销上传 takes back what was not sent yet.
 */
export const erpModule = defineModule({
  key: 'erp',
  depends: ['weighing'],
  actions: TICKET_KINDS.flatMap((kind) => [
    defineAction({
      path: `${ticketBase(kind)}/upload`, permission: `${ticketPermission(kind)}_upload`, body: idsBody,
      run: async ({ tx, who, input }) => ({ count: await uploadTickets(tx, who, kind, input.body.ids) }),
      log: (_, done) => ({ action: 'erpUpload', family: TICKET_KIND_INFO[kind].label, detail: `${kind} ${done.count}` }),
      message: '已加入上传队列',
    }),
    defineAction({
      path: `${ticketBase(kind)}/cancelUpload`, permission: `${ticketPermission(kind)}_cancelUpload`, body: idsBody,
      run: async ({ tx, who, input }) => ({ count: await cancelUpload(tx, who, kind, input.body.ids) }),
      log: (_, done) => ({ action: 'erpCancelUpload', family: TICKET_KIND_INFO[kind].label, detail: `${kind} ${done.count}` }),
      message: '已撤销上传',
    }),
  ]),
});
