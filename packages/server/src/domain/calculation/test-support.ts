import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { call, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, type Plant, testPlate } from '../weighing/test-support';

/** A sales truck on a notice line of its own (no price on the line), weighed through the real calls: tare first, then the load. */
let serial = 0;
export async function weighSale(app: FastifyInstance, db: Database, p: Plant, auth: string, o: { tare?: string; gross?: string } = {}): Promise<{ id: string; no: string }> {
  const { noticeId, lineId } = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '1000' });
  const registryId = await makeRegistry(db, p, { kind: 'sa', noticeId, lineId, plate: testPlate('J') });
  const weigh = async (which: 'first' | 'second', weight: string) => expectOk(await call(app, 'POST', `/api/weigh/sa/${which}`, auth, {
    registryId, weight, stationId: 'JS1', requestId: `js-${Date.now().toString(36)}-${serial++}`, stable: true,
  })).data;
  const first = await weigh('first', o.tare ?? '15');
  await weigh('second', o.gross ?? '40');
  return { id: first.ticketId as string, no: first.ticketNo as string };
}
