import { z } from 'zod';
import {
  addSignerBody, ccBody, decideBody, flowSaveBody, idParam, idSchema, initiateBody, notificationListBody, notificationReadBody,
  rejectBody, transferBody, workflowListBody,
} from '@wb/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { mountAction } from '../../platform/module/action-route';
import { defineAction, defineModule, type ModuleContext } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import { addSigner } from './add-signer';
import { approve } from './approve';
import { copyTo } from './cc';
import { byDocument, instanceDetail } from './detail';
import { declOrRefuse, docTypes, flowDetail, flowSummaries, flowVersion, saveFlow } from './flows';
import { initiate } from './initiate';
import { ccList, counts, doneList, markRead, mineList, notifications, todoList } from './lists';
import { registryOf, type Registry } from './registry';
import { reject } from './reject';
import * as repo from './repo';
import { workflowRemindJob } from './remind';
import { revoke } from './revoke';
import { workflowStream } from './stream';
import { transfer } from './transfer';

/**
 * 审批流程: flows per document type (流程配置, administrators), documents submitted into them, the
 * approvers' 待办 and the four lists, the detail page /activti/detail/:id, copies, notifications
 * and a live stream of the caller's counts. Families put their document types under approval by
 * declaring `approvals` in their module (README.md).
 */
export const WORKFLOW_TODO = 'workflow_todo';
export const WORKFLOW_CONFIG_VIEW = 'workflow_config_view';
export const WORKFLOW_CONFIG_SAVE = 'workflow_config_update';

const EVERY_ROLE = ['ROLE_OPERATOR', 'ROLE_QUALITY', 'ROLE_ACCOUNTANT', 'ROLE_SALES_MANAGER', 'ROLE_GENERAL_MANAGER'];
const FAMILY = '审批流程';

const docTypeQuery = z.object({ docType: z.string().min(1).max(60) });
const byDocQuery = z.object({ docType: z.string().min(1).max(60), docId: idSchema });

function actions(registry: Registry) {
  const note = (action: string, done: { inst: { title: string; doc_no: string | null } }, detail?: string | null) =>
    ({ action, family: FAMILY, docNo: done.inst.doc_no ?? done.inst.title, detail: detail ?? done.inst.title });
  return [
    defineAction({
      path: '/api/workflow/flow/save', permission: WORKFLOW_CONFIG_SAVE, body: flowSaveBody,
      run: ({ tx, who, input }) => saveFlow(tx, registry, who, input.body),
      log: (input, done) => ({ action: 'workflowFlowSave', family: FAMILY, docNo: input.body.docType, detail: `${done.name} v${done.version}${done.enabled ? '' : '（停用）'}` }),
      message: '保存成功',
    }),
    defineAction({
      path: '/api/workflow/initiate', permission: WORKFLOW_TODO, body: initiateBody,
      run: ({ tx, who, input }) => initiate(tx, registry, who, input.body),
      log: (_, done) => ({ action: 'workflowInitiate', family: FAMILY, docNo: done.docNo, detail: done.title }),
      message: '已提交审批',
    }),
    defineAction({
      path: '/api/workflow/approve/:id', permission: WORKFLOW_TODO, params: idParam, body: decideBody,
      run: async ({ tx, who, input }) => approve(tx, registry, who, input.params.id, input.body.comment ?? null),
      log: (input, done) => note('workflowApprove', done, input.body.comment),
      reply: (done) => ({ id: done.inst.id, finished: done.finished }),
      message: (done) => (done.finished ? '审批通过，单据已审核' : '已同意'),
    }),
    defineAction({
      path: '/api/workflow/reject/:id', permission: WORKFLOW_TODO, params: idParam, body: rejectBody,
      run: ({ tx, who, input }) => reject(tx, registry, who, input.params.id, input.body.comment),
      log: (input, done) => note('workflowReject', done, input.body.comment),
      reply: (done) => ({ id: done.inst.id, to: done.to }),
      message: (done) => (done.to.kind === 'initiator' ? '已驳回，单据退回发起人' : '已驳回到上一步'),
    }),
    defineAction({
      path: '/api/workflow/revoke/:id', permission: WORKFLOW_TODO, params: idParam, body: decideBody,
      run: ({ tx, who, input }) => revoke(tx, registry, who, input.params.id, input.body.comment ?? null),
      log: (input, done) => note('workflowRevoke', done, input.body.comment),
      reply: (done) => ({ id: done.inst.id }),
      message: '已撤回',
    }),
    defineAction({
      path: '/api/workflow/transfer/:id', permission: WORKFLOW_TODO, params: idParam, body: transferBody,
      run: ({ tx, who, input }) => transfer(tx, registry, who, input.params.id, input.body),
      log: (input, done) => note('workflowTransfer', done, `转办给 ${input.body.userId}${input.body.comment ? `：${input.body.comment}` : ''}`),
      reply: (done) => ({ id: done.inst.id }),
      message: '已转办',
    }),
    defineAction({
      path: '/api/workflow/add-signer/:id', permission: WORKFLOW_TODO, params: idParam, body: addSignerBody,
      run: ({ tx, who, input }) => addSigner(tx, registry, who, input.params.id, input.body),
      log: (_, done) => note('workflowAddSigner', done, `加签 ${done.added.join(',')}`),
      reply: (done) => ({ id: done.inst.id, added: done.added }),
      message: '已加签',
    }),
    defineAction({
      path: '/api/workflow/cc/:id', permission: WORKFLOW_TODO, params: idParam, body: ccBody,
      run: ({ tx, who, input }) => copyTo(tx, registry, who, input.params.id, input.body),
      log: (_, done) => note('workflowCc', done, `抄送 ${done.count} 人`),
      reply: (done) => ({ id: done.inst.id, count: done.count }),
      message: '已抄送',
    }),
    defineAction({
      path: '/api/workflow/notifications/read', permission: WORKFLOW_TODO, body: notificationReadBody,
      run: async ({ tx, who, input }) => ({ count: await markRead(tx, who, 'ids' in input.body ? input.body.ids : 'all') }),
      log: (_, done) => ({ action: 'workflowNotificationsRead', family: FAMILY, detail: `${done.count}` }),
    }),
  ];
}

function routes(app: FastifyInstance, ctx: ModuleContext): void {
  const registry = registryOf(ctx.modules ?? []);
  const { db } = ctx;
  for (const a of actions(registry)) mountAction(app, ctx, a);
  const todo = { config: { access: { permission: WORKFLOW_TODO } } };
  const config = { config: { access: { permission: WORKFLOW_CONFIG_VIEW } } };
  const read = { config: { access: { permission: WORKFLOW_TODO, demoAllowed: true as const } } };

  app.get('/api/workflow/doc-types', todo, async () => ok(docTypes(registry)));
  app.get('/api/workflow/options', todo, async (request) => ok(await repo.orgPeople(db, request.caller.orgId)));
  app.get('/api/workflow/flows', config, async (request) => ok(await flowSummaries(db, registry, request.caller.orgId)));
  app.get('/api/workflow/flow', config, async (request) => {
    const q = parse(docTypeQuery, request.query);
    return ok(await flowDetail(db, registry, request.caller.orgId, q.docType));
  });
  app.get('/api/workflow/flow/version/:id', config, async (request) => ok(await flowVersion(db, request.caller.orgId, parse(idParam, request.params).id)));
  app.get('/api/workflow/instance/:id', todo, async (request) => ok(await instanceDetail(db, registry, request.caller, parse(idParam, request.params).id)));
  app.get('/api/workflow/by-document', todo, async (request) => {
    const q = parse(byDocQuery, request.query);
    declOrRefuse(registry, q.docType);
    return ok(await byDocument(db, registry, request.caller, q.docType, q.docId));
  });
  app.get('/api/workflow/counts', todo, async (request) => ok(await counts(db, request.caller)));
  const lists = { todo: todoList, done: doneList, mine: mineList, cc: ccList } as const;
  for (const [name, list] of Object.entries(lists)) {
    app.post(`/api/workflow/list/${name}`, read, async (request) => {
      const body = parse(workflowListBody, request.body ?? {});
      return ok(await list(db, registry, request.caller, body));
    });
  }
  app.post('/api/workflow/notifications/list', read, async (request) => ok(await notifications(db, request.caller, parse(notificationListBody, request.body ?? {}))));
  workflowStream(app, db);
}

export const workflowModule = defineModule({
  key: 'workflow',
  menu: [{
    area: '/workflow',
    leaves: [
      leaf('我的待办', 'My tasks', '/workflow/todo', EVERY_ROLE, {
        component: 'WorkflowTodo',
        buttons: [{ name: '查看', en: 'View', permission: WORKFLOW_TODO, component: 'view', roles: EVERY_ROLE }],
      }),
      leaf('流程配置', 'Workflow setup', '/workflow/config', [], {
        component: 'WorkflowConfig',
        buttons: [
          { name: '查看', en: 'View', permission: WORKFLOW_CONFIG_VIEW, component: 'view', roles: [] },
          { name: '保存', en: 'Save', permission: WORKFLOW_CONFIG_SAVE, component: 'update', roles: [] },
        ],
      }),
    ],
  }],
  routes,
  // 审批催办: approvers of a step waiting past its limit are reminded (remind.ts)
  jobs: [workflowRemindJob],
});
