import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import type { Access } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import type { FileStorage } from '../../platform/files/storage';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import type { ListOptions } from '../../platform/list/repo';
import { serveList } from '../../platform/list/route';
import { bindableCard, checkCard, readCard } from './card';
import { historyQuery, historyRequest } from './history-query';
import { registryBase, registryPermission, REGISTRY_KINDS, type RegistryKind } from './kinds';
import { historyList } from './lists';
import { pictures } from './pictures';
import { cardBody, formCardBody } from './wire';

export interface RegistryDeps { storage: FileStorage; now: () => number }

/**
 * The registry's reads that are neither actions nor template lists (module.ts declares those): the
 * card reader's questions, the trip's pictures and 出厂记录 by GET with plain query words.
 */
export function registryRoutes(app: FastifyInstance, db: Database, list: ListOptions, deps: RegistryDeps): void {
  for (const kind of REGISTRY_KINDS) kindRoutes(app, db, list, deps, kind);
}

function kindRoutes(app: FastifyInstance, db: Database, list: ListOptions, deps: RegistryDeps, kind: RegistryKind): void {
  const base = registryBase(kind);
  const may = (action: string, extra: Omit<Access, 'public'> = {}): { config: { access: Access } } => ({
    config: { access: { permission: `${registryPermission(kind)}_${action}`, ...extra } },
  });

  const history = historyList(kind);
  app.get(`${base}/hisRelease`, may('hisRelease', { demoAllowed: true }), async (request) => {
    const body = historyRequest(parse(historyQuery, request.query ?? {}));
    return ok(await serveList(db, { ...history, formatCode: history.template }, { db, who: request.caller, body }, list));
  });

  // the card reader's questions change nothing: reads sent by POST, answered in the demo environment too
  const reads = (action: string) => may(action, { demoAllowed: true });
  app.post(`${base}/card/read`, reads('card'), async (request) => {
    const { cardUid } = parse(cardBody, request.body);
    return ok(await readCard(db, request.caller, kind, cardUid));
  });
  app.post(`${base}/card/check`, reads('card'), async (request) => {
    const { cardUid } = parse(cardBody, request.body);
    return ok(await checkCard(db, request.caller, cardUid));
  });
  app.post(`${base}/card/bindable`, reads('view'), async (request) => {
    const { cardUid, registryNo } = parse(formCardBody, request.body);
    return ok(await bindableCard(db, request.caller, cardUid, registryNo || undefined));
  });
  app.get(`${base}/pictures/:id`, may('pictures'), async (request) => {
    const { id } = parse(idParam, request.params);
    const shots = await pictures(db, deps.storage, deps.now, request.caller, kind, id);
    return ok(shots, shots.length ? undefined : '没有查到此登记单的图片');
  });
}
