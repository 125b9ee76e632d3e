import { idParam } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { ok } from '../../../platform/http/envelope';
import { AppError, parse } from '../../../platform/http/errors';
import { TICKET_KINDS, ticketBase, ticketPermission } from '../../weighing/kinds';
import { ticketAddressChoice } from './repo';
import { assignBody, assignStockAddress } from './assign';
import { ADDRESS_BALANCE_PERMISSION, ADDRESS_BALANCE_URL, addressBalanceList } from './balance';
import { stockAddressFamily } from './family';
import { ASSIGN_PERMISSION, STOCK_ADDRESS_LEAVES } from './menu';

/**
 * Stock addresses (库存地址): the places of a warehouse on the document engine, the ticket's
 * unloading or loading place, and the balance of each address read from the stock records that
 * name it (posting.ts writes the ticket's address on its record). README.md holds the readings.
 */
export const stockAddressModule = defineModule({
  key: 'stock-address',
  depends: ['masterdata', 'weighing', 'stock'],
  documents: [stockAddressFamily],
  templates: [addressBalanceList],
  menu: [{ area: '/masterdata', leaves: STOCK_ADDRESS_LEAVES }],
  lists: [{ url: ADDRESS_BALANCE_URL, template: addressBalanceList.formatCode, permission: ADDRESS_BALANCE_PERMISSION }],
  actions: [defineAction({
    path: '/api/masterdata/stock-address/assign', permission: ASSIGN_PERMISSION, body: assignBody,
    run: ({ tx, who, input }) => assignStockAddress(tx, who, input.body),
    log: (_, done) => done.note, reply: () => null, message: '库存地址已指定',
  }),
  // the same from a ticket list's 库存地址 button (weighing/menu.ts), under that list's right
  ...TICKET_KINDS.map((kind) => defineAction({
    path: `${ticketBase(kind)}/stockAddress`, permission: `${ticketPermission(kind)}_stockAddress`, body: assignBody,
    run: ({ tx, who, input }) => assignStockAddress(tx, who, input.body, kind),
    log: (_, done) => done.note, reply: () => null, message: '库存地址已指定',
  }))],
  routes: (app, { db }) => {
    for (const kind of TICKET_KINDS) {
      // the dialog's choices: reads only
      app.get(`${ticketBase(kind)}/stockAddress/:id`, { config: { access: { permission: `${ticketPermission(kind)}_stockAddress`, demoAllowed: true } } }, async (request) => {
        const { id } = parse(idParam, request.params);
        const choice = await ticketAddressChoice(db, request.caller.orgId, kind, id);
        if (!choice) throw new AppError(404, '磅单不存在', 'id');
        return ok(choice);
      });
    }
  },
});
