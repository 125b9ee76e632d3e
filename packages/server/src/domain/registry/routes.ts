import type { FastifyInstance } from 'fastify';
import { idsBody, listRequest, type ListRequest, idParam } from '@wb/protocol';
import type { Access } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import type { FileStorage } from '../../platform/files/storage';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import { runList, type ListOptions } from '../../platform/list/repo';
import { planList } from '../../platform/list/rules';
import type { ListReach } from '../../platform/list/scope';
import { loadListTemplate } from '../../platform/templates/repo';
import { bindableCard, checkCard, readCard, supplementCard, writeCard } from './card';
import { deleteDrafts, docAction } from './doc-actions';
import { letin, letout } from './gate';
import { KIND_INFO, registryBase, registryPermission, REGISTRY_KINDS, type RegistryKind } from './kinds';
import { HISTORY_STATE, historyFormat } from './history';
import { historyQuery, historyRequest } from './history-query';
import { merge } from './merge';
import { pictures } from './pictures';
import { rematch } from './queue';
import { bindCardBody, cardBody, formCardBody, mergeBody, rematchBody } from './wire';

export interface RegistryDeps { storage: FileStorage; now: () => number }

const DOC_ACTIONS = ['audit', 'unaudit', 'obsolete', 'recover', 'enable', 'disable'] as const;

/** The registry's own calls of every kind (the engine serves list, create, update, get, delList, export: module.ts). */
export function registryRoutes(app: FastifyInstance, db: Database, list: ListOptions, deps: RegistryDeps): void {
  for (const kind of REGISTRY_KINDS) kindRoutes(app, db, list, deps, kind);
}

async function template(db: Database, formatCode: string) {
  const t = await loadListTemplate(db, formatCode);
  if (!t) throw new AppError(500, `列表模板 ${formatCode} 未配置`);
  return t;
}

function kindRoutes(app: FastifyInstance, db: Database, list: ListOptions, deps: RegistryDeps, kind: RegistryKind): void {
  const base = registryBase(kind);
  const may = (action: string, extra: Omit<Access, 'public'> = {}): { config: { access: Access } } => ({
    config: { access: { permission: `${registryPermission(kind)}_${action}`, ...extra } },
  });
  const view = may('view', { demoAllowed: true });

  for (const action of DOC_ACTIONS) {
    app.post(`${base}/${action}`, may(action), async (request) => {
      const { ids } = parse(idsBody, request.body);
      return ok(await docAction(db, request.caller, kind, action, ids));
    });
  }
  app.post(`${base}/updateDel`, may('delList'), async (request) => {
    const { ids } = parse(idsBody, request.body);
    return ok(await deleteDrafts(db, request.caller, kind, ids), '删除成功');
  });

  // the gate: letin and letout, also under the names entrance and release
  for (const path of ['letin', 'entrance']) {
    app.post(`${base}/${path}`, may('letin'), async (request) => {
      const { ids } = parse(idsBody, request.body);
      return ok(await letin(db, request.caller, kind, ids), '入厂成功');
    });
  }
  for (const path of ['letout', 'release']) {
    app.post(`${base}/${path}`, may('letout'), async (request) => {
      const { ids } = parse(idsBody, request.body);
      return ok(await letout(db, request.caller, kind, ids), '出厂成功');
    });
  }
  // 出厂记录: the released trips (history.ts), by POST with a list body, or by GET with plain query words
  const history = async (caller: ListReach, body: ListRequest) => {
    const released = { key: 'tripState', op: 'eq' as const, val: HISTORY_STATE };
    const plan = planList(await template(db, historyFormat(kind)), { ...body, tplId: undefined, search: [...(body.search ?? []), released] });
    return ok(await runList(db, plan, caller, list));
  };
  const readsHistory = may('hisRelease', { demoAllowed: true });
  app.post(`${base}/hisRelease`, readsHistory, async (request) => history(request.caller, parse(listRequest, request.body ?? {})));
  app.get(`${base}/hisRelease`, readsHistory, async (request) => history(request.caller, historyRequest(parse(historyQuery, request.query ?? {}))));

  app.post(`${base}/card/read`, may('card'), async (request) => {
    const { cardUid } = parse(cardBody, request.body);
    return ok(await readCard(db, request.caller, kind, cardUid));
  });
  app.post(`${base}/card/check`, may('card'), async (request) => {
    const { cardUid } = parse(cardBody, request.body);
    return ok(await checkCard(db, request.caller, cardUid));
  });
  app.post(`${base}/card/bindable`, may('view'), async (request) => {
    const { cardUid, registryNo } = parse(formCardBody, request.body);
    return ok(await bindableCard(db, request.caller, cardUid, registryNo || undefined));
  });
  app.post(`${base}/card/write`, may('supplement'), async (request) => {
    const { id, cardUid } = parse(bindCardBody, request.body);
    return ok(await writeCard(db, request.caller, kind, id, cardUid), '写卡成功');
  });
  app.post(`${base}/supplement`, may('supplement'), async (request) => {
    const { id, cardUid } = parse(bindCardBody, request.body);
    return ok(await supplementCard(db, request.caller, kind, id, cardUid), '补卡成功');
  });

  app.post(`${base}/rematch`, may('rematch'), async (request) => {
    const { ids, dischargePointId } = parse(rematchBody, request.body);
    return ok(await rematch(db, request.caller, kind, ids, dischargePointId), '重新匹配成功');
  });
  app.get(`${base}/pictures/:id`, may('pictures'), async (request) => {
    const { id } = parse(idParam, request.params);
    const shots = await pictures(db, deps.storage, deps.now, request.caller, kind, id);
    return ok(shots, shots.length ? undefined : '没有查到此登记单的图片');
  });
  app.post(`${base}/merge`, may('merge'), async (request) => {
    const { ids } = parse(mergeBody, request.body);
    return ok(await merge(db, request.caller, kind, ids[0], ids[1]), '合并成功');
  });

  // the create form's popup: the kind's lines of audited notices
  if (!KIND_INFO[kind].withNotice) return;
  app.post(`${base}/notice-line/v2/list`, view, async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const plan = planList(await template(db, `registry.${kind}.notice-line.list`), {
      ...body, tplId: undefined, search: [...(body.search ?? []), { key: 'kind', op: 'eq', val: kind }],
    });
    return ok(await runList(db, plan, request.caller, list));
  });
}
