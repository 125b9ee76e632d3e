import type { FastifyInstance } from 'fastify';
import { defineAction, defineModule } from '../../platform/module/define';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { GATE_ARCHIVES, YARD_ARCHIVES } from './archives';
import { findAtGate, qrOf } from './find';
import { GATE_LEAVES } from './menu';
import { letPassIn } from './pass';
import { findBody, passBody, qrBody } from './wire';

const FIND_PERMISSION = { entrance: 'gt_gate_view', release: 'gt_gate_release_view', card: 'gt_gate_card_view' } as const;

/** The guard's reads: the look-up of each page and the QR code a print carries. */
function gateRoutes(app: FastifyInstance, db: Database): void {
  for (const [mode, permission] of Object.entries(FIND_PERMISSION) as [keyof typeof FIND_PERMISSION, string][]) {
    const path = mode === 'entrance' ? '/api/gate/find' : `/api/gate/${mode}/find`;
    app.post(path, { config: { access: { permission, demoAllowed: true } } }, async (request) => {
      const { text } = parse(findBody, request.body);
      return ok(await findAtGate(db, request.caller, text, mode));
    });
  }
  app.post('/api/gate/qr', { config: { access: { permission: 'gt_gate_view', demoAllowed: true } } }, async (request) => {
    return ok(await qrOf(db, request.caller, parse(qrBody, request.body)));
  });
}

/**
 * 门岗管理 (the gate): the guard's pages find a truck by plate, card or QR and let it in or out
 * through the registry's own calls; the appointment rules (window and day quota) that the
 * registry's gate-in takes (appointment.ts), pass cards, QR-code rules; and the yard's small
 * archives the calls name (handsets, locations, batches, trays, number prefixes).
 */
export const gateModule = defineModule({
  key: 'gate',
  depends: ['masterdata'],
  documents: [...GATE_ARCHIVES, ...YARD_ARCHIVES].map((a) => a.family),
  menu: [{ area: '/gate', leaves: GATE_LEAVES }, { area: '/masterdata', leaves: YARD_ARCHIVES.map((a) => a.leaf) }],
  actions: [
    defineAction({
      path: '/api/gate/pass/letin', permission: 'gt_gate_pass', body: passBody,
      run: ({ tx, who, input }) => letPassIn(tx, who, input.body.text),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '放行成功',
    }),
  ],
  routes: (app, { db }) => gateRoutes(app, db),
});
