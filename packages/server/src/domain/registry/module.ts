import { idsBody } from '@wb/protocol';
import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { supplementCard, writeCard } from './card';
import { deleteDrafts, docAction, DOC_ACTIONS } from './doc-actions';
import { REGISTRY_FAMILIES, REGISTRY_TEMPLATES } from './family';
import { letin, letout } from './gate';
import { KIND_INFO, registryBase, registryPermission, REGISTRY_KINDS, type RegistryKind } from './kinds';
import { historyList, noticeLineList } from './lists';
import { merge } from './merge';
import { REGISTRY_LEAVES } from './menu';
import { rematch } from './queue';
import { registryRoutes } from './routes';
import { bindCardBody, mergeBody, rematchBody } from './wire';

/** Every call of a kind that changes a registry: each one transaction with one log entry per registry it changed. */
function kindActions(kind: RegistryKind): ActionDecl[] {
  const base = registryBase(kind);
  const may = (action: string) => `${registryPermission(kind)}_${action}`;
  return [
    ...DOC_ACTIONS.map((action) => defineAction({
      path: `${base}/${action}`, permission: may(action), body: idsBody,
      run: ({ tx, who, input }) => docAction(tx, who, kind, action, input.body.ids),
      log: (_, done) => done.notes, reply: (done) => done.reply,
    })),
    defineAction({
      path: `${base}/updateDel`, permission: may('delList'), body: idsBody,
      run: ({ tx, who, input }) => deleteDrafts(tx, who, kind, input.body.ids),
      log: (_, done) => done.notes, reply: (done) => done.reply, message: '删除成功',
    }),
    // the gate: letin and letout, also under the names entrance and release
    ...['letin', 'entrance'].map((path) => defineAction({
      path: `${base}/${path}`, permission: may('letin'), body: idsBody,
      run: ({ tx, who, input }) => letin(tx, who, kind, input.body.ids),
      log: (_, done) => done.notes, reply: (done) => done.reply, message: '入厂成功',
    })),
    ...['letout', 'release'].map((path) => defineAction({
      path: `${base}/${path}`, permission: may('letout'), body: idsBody,
      run: ({ tx, who, input }) => letout(tx, who, kind, input.body.ids),
      log: (_, done) => done.notes, reply: (done) => done.reply, message: '出厂成功',
    })),
    defineAction({
      path: `${base}/card/write`, permission: may('supplement'), body: bindCardBody,
      run: ({ tx, who, input }) => writeCard(tx, who, kind, input.body.id, input.body.cardUid),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '写卡成功',
    }),
    defineAction({
      path: `${base}/supplement`, permission: may('supplement'), body: bindCardBody,
      run: ({ tx, who, input }) => supplementCard(tx, who, kind, input.body.id, input.body.cardUid),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '补卡成功',
    }),
    defineAction({
      path: `${base}/rematch`, permission: may('rematch'), body: rematchBody,
      run: ({ tx, who, input }) => rematch(tx, who, kind, input.body.ids, input.body.dischargePointId),
      log: (_, done) => done.notes, reply: (done) => done.reply, message: '重新匹配成功',
    }),
    defineAction({
      path: `${base}/merge`, permission: may('merge'), body: mergeBody,
      run: ({ tx, who, input }) => merge(tx, who, kind, input.body.ids[0], input.body.ids[1]),
      log: (_, done) => done.notes, reply: (done) => done.reply, message: '合并成功',
    }),
  ];
}

/**
 * Registries (登记): the trip of a truck through the gate, one family per kind on the document
 * engine, with the gate (letin, letout), the IC card, the queue, merges and 出厂记录. A registry's
 * hold on a notice line goes through notice/quantity.ts.
 */
export const registryModule = defineModule({
  key: 'registry',
  depends: ['masterdata', 'notice', 'money', 'plan', 'licence', 'gate'],
  documents: REGISTRY_KINDS.map((k) => REGISTRY_FAMILIES[k]),
  templates: REGISTRY_TEMPLATES,
  menu: [{ area: '/registry', leaves: REGISTRY_LEAVES }],
  lists: REGISTRY_KINDS.flatMap((k) => [historyList(k), ...(KIND_INFO[k].withNotice ? [noticeLineList(k)] : [])]),
  actions: REGISTRY_KINDS.flatMap(kindActions),
  routes: (app, { db, list, storage, now }) => registryRoutes(app, db, list, { storage, now }),
});
