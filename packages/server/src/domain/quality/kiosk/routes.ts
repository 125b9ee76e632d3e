import type { FastifyInstance } from 'fastify';
import { idSchema } from '@wb/protocol';
import { writeLogs } from '../../../platform/audit/log';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { parse } from '../../../platform/http/errors';
import { enterResultsBody } from '../bodies';
import { CHECK_FAMILY } from '../check';
import { enterResults } from '../results';
import { kioskOf } from './auth';
import { kioskItems, waitingSamples } from './repo';

/**
 * The kiosk's two calls, public to the workspace guard and closed by the kiosk key instead
 * (auth.ts): the waiting samples by blind code with the kiosk's items, and the entry of values.
 * An entry goes through the lab's own rules (results.ts: the kiosk's items only, the version's
 * 409, the derived items, the assay log under the kiosk's name) and writes one operation-log entry.
 */
export const KIOSK_BASE = '/api/kiosk/quality';
export const kioskEntryBody = enterResultsBody.extend({ sampleId: idSchema });

/** The operation log names the kiosk as the one who entered. */
export const kioskActor = (name: string) => `质检终端:${name}`;

export function kioskRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${KIOSK_BASE}/samples`, { config: { access: { public: true } } }, async (request) => {
    const kiosk = await kioskOf(db, request);
    const [items, samples] = await Promise.all([kioskItems(db, kiosk.item_ids), waitingSamples(db, kiosk.org_id, kiosk.item_ids)]);
    return ok({ kiosk: { name: kiosk.name }, items, samples });
  });

  app.post(`${KIOSK_BASE}/results`, { config: { access: { public: true }, logged: 'self' } }, async (request) => {
    const kiosk = await kioskOf(db, request);
    const body = parse(kioskEntryBody, request.body ?? {});
    const done = await db.transaction().execute(async (tx) => {
      const entry = await enterResults(tx, { orgId: kiosk.org_id, userId: null, name: kiosk.name, allowed: new Set(kiosk.item_ids) }, body.sampleId, { values: body.values });
      await writeLogs(tx, [{
        orgId: kiosk.org_id, userId: null, username: kioskActor(kiosk.name), ip: request.ip,
        action: 'assayEnter', family: CHECK_FAMILY, docNo: entry.blindCode, detail: `${entry.blindCode} 第${entry.round}轮 ${entry.changed}项变更`,
      }]);
      return entry;
    });
    const results = await waitingSamples(db, kiosk.org_id, kiosk.item_ids, done.sampleId);
    return ok({ blindCode: done.blindCode, round: done.round, changed: done.changed, results: results[0]?.results ?? [] }, '保存成功');
  });
}
