import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowSaveBody, FlowStep } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';
import { remindWaiting } from './remind';

/**
 * Approvals through the real calls: a flow saved and checked, a sales price adjustment submitted,
 * approved step by step until its own audit runs, rejected back to draft or to the step before,
 * revoked, transferred, signed by one more, copied; what a document in approval refuses; the races.
 */
let ctx: TestContext;
let plant: Plant;
const who: Record<'admin' | 'ac' | 'sm' | 'gm' | 'op' | 'qa', { authorization: string; userId: string }> = {} as never;

const ADJ = '/api/price/sa/adjust';
const DOC = 'price_adjust_sa';
const post = (url: string, body: unknown, as: keyof typeof who = 'ac') => call(ctx.app, 'POST', url, who[as].authorization, body);
const get = (url: string, as: keyof typeof who = 'ac') => call(ctx.app, 'GET', url, who[as].authorization);
const db = () => ctx.database.db;
let gmRoleId: string;

const step = (key: string, name: string, approvers: FlowStep['approvers'], extra: Partial<FlowStep> = {}): FlowStep =>
  ({ key, name, approvers, mode: 'any', rejectTo: 'initiator', ...extra });

async function saveFlow(steps: FlowStep[], extra: Partial<FlowSaveBody> = {}) {
  return expectOk(await post('/api/workflow/flow/save', { docType: DOC, name: '销售调价审批', definition: { steps }, enabled: true, ...extra }, 'admin')).data;
}

async function draftAdjust(reason = '原料涨价') {
  return expectOk(await post(`${ADJ}/create`, {
    entity: { effectiveAt: '2030-06-01 00:00:00', reason },
    entitysub: [{ materialId: plant.materialId, price: String(100 + Math.floor(Math.random() * 900)), packing: 'BULK', partyId: plant.customerId }],
  })).data as { id: string; adjustNo: string; version: number };
}

const statusOf = async (id: string) => (await db().selectFrom('wb_price_adjust').select('doc_status').where('id', '=', id).executeTakeFirstOrThrow()).doc_status;
const submit = async (docId: string, as: keyof typeof who = 'ac') => expectOk(await post('/api/workflow/initiate', { docType: DOC, docId }, as)).data as { id: string };
const detail = async (id: string, as: keyof typeof who = 'ac') => expectOk(await get(`/api/workflow/instance/${id}`, as)).data;

beforeAll(async () => {
  // the stream's reading of the counts, quick for the test
  process.env.WORKFLOW_STREAM_MS = '100';
  ctx = await createTestApp();
  for (const [k, u] of [['admin', 'admin'], ['ac', 'accountant'], ['sm', 'sales_manager'], ['gm', 'general_manager'], ['op', 'operator'], ['qa', 'quality']] as const) {
    who[k] = await bearerFor(ctx.app, u);
  }
  plant = await plantOf(db());
  gmRoleId = String((await db().selectFrom('sys_role').select('id').where('role_code', '=', 'ROLE_GENERAL_MANAGER').executeTakeFirstOrThrow()).id);
});

describe('flows (流程配置)', () => {
  it('lists the document types under approval and refuses a flow naming its problem, saving nothing', async () => {
    const types = expectOk(await get('/api/workflow/doc-types')).data as { key: string; fields: { key: string }[] }[];
    expect(types.map((t) => t.key)).toEqual(expect.arrayContaining(['price_adjust_sa', 'price_adjust_pu', 'contract_sa', 'contract_sa_amend']));
    const bad = async (body: Partial<FlowSaveBody>, msg: RegExp) => expectFailure(await post('/api/workflow/flow/save', { docType: DOC, name: '坏流程', enabled: true, definition: { steps: [] }, ...body }, 'admin'), 400, msg);
    await bad({ definition: { steps: [step('a', '经理', { kind: 'users', userIds: [] })] } }, /第1步「经理」 没有审批人/);
    await bad({ definition: { steps: [step('a', '经理', { kind: 'deptHead' }, { condition: { effect: 'skip', conditions: [{ field: 'nope', op: '=', value: 1 }] } })] } }, /未知的字段 nope/);
    await bad({ definition: { steps: [step('a', '经理', { kind: 'deptHead' }, { rejectTo: 'previous' })] } }, /没有上一步/);
    await bad({
      definition: { steps: [step('a', '经理', { kind: 'deptHead' }), step('b', '总经理', { kind: 'deptHead' })] },
      layout: {
        nodes: [{ id: 's', type: 'start', x: 0, y: 0 }, { id: 'a', type: 'step', x: 0, y: 1 }, { id: 'b', type: 'step', x: 0, y: 2 }, { id: 'e', type: 'end', x: 0, y: 3 }],
        edges: [{ source: 's', target: 'a' }, { source: 'a', target: 'b' }, { source: 'b', target: 'a' }],
      },
    }, /流程图有环/);
    await bad({ definition: { steps: [] } }, /至少要有一个审批步骤/);
    await bad({ docType: 'nope', definition: { steps: [step('a', '经理', { kind: 'deptHead' })] } }, /未知的单据类型/);
    // only the administrator configures flows
    expectFailure(await post('/api/workflow/flow/save', { docType: DOC, name: 'x', enabled: true, definition: { steps: [step('a', 'a', { kind: 'deptHead' })] } }, 'ac'), 403);
    expect(await db().selectFrom('wf_flow').select('id').execute()).toEqual([]);
  });

  it('orders the steps by the drawing and keeps every save as a version', async () => {
    const saved = await saveFlow([step('b', '总经理', { kind: 'role', roleId: gmRoleId }), step('a', '销售经理', { kind: 'users', userIds: [who.sm.userId] })], {
      enabled: false,
      layout: {
        nodes: [{ id: 'start', type: 'start', x: 0, y: 0 }, { id: 'a', type: 'step', x: 0, y: 1 }, { id: 'b', type: 'step', x: 0, y: 2 }, { id: 'end', type: 'end', x: 0, y: 3 }],
        edges: [{ source: 'start', target: 'a' }, { source: 'a', target: 'b' }, { source: 'b', target: 'end' }],
      },
    });
    expect(saved.definition.steps.map((s: FlowStep) => s.key)).toEqual(['a', 'b']);
    expect(saved.version).toBe(1);
    const flows = expectOk(await get('/api/workflow/flows', 'admin')).data as { docType: string; current: { version: number; enabled: boolean } | null }[];
    expect(flows.find((f) => f.docType === DOC)?.current).toMatchObject({ version: 1, enabled: false });
    // disabled: the adjustment audits by the button as without a flow
    const adj = await draftAdjust();
    expectFailure(await post('/api/workflow/initiate', { docType: DOC, docId: adj.id }), 400, /未启用审批流程/);
    expectOk(await post(`${ADJ}/audit`, { ids: [adj.id] }));
    expect(await statusOf(adj.id)).toBe('AUDITED');
  });
});

describe('a price adjustment under approval', () => {
  beforeAll(async () => {
    await saveFlow([step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] }), step('b', '总经理审批', { kind: 'role', roleId: gmRoleId })]);
  });

  it('walks the steps and is audited by the final approval; while in approval it is not edited, deleted or audited', async () => {
    const adj = await draftAdjust();
    expectFailure(await post(`${ADJ}/audit`, { ids: [adj.id] }), 400, /已启用审批流程「销售调价审批」，请提交审批/);
    // the operator has no right to submit a price adjustment
    expectFailure(await post('/api/workflow/initiate', { docType: DOC, docId: adj.id }, 'op'), 403);
    const inst = await submit(adj.id);
    expectFailure(await post('/api/workflow/initiate', { docType: DOC, docId: adj.id }), 409, /已在审批中/);
    const fresh = expectOk(await get(`${ADJ}/get/${adj.id}`)).data;
    expectFailure(await call(ctx.app, 'PUT', `${ADJ}/update`, who.ac.authorization, { entity: { id: adj.id, version: fresh.version, reason: '改了' } }), 400, new RegExp(`${adj.adjustNo} 正在审批中（审批单 ${inst.id}），不能修改`));
    expectFailure(await call(ctx.app, 'DELETE', `${ADJ}/delList`, who.ac.authorization, { ids: [adj.id] }), 400, /正在审批中.*不能删除/);
    expectFailure(await post(`${ADJ}/audit`, { ids: [adj.id] }), 400, /正在审批中.*不能审核/);

    // the sales manager's task; the general manager has none yet
    const smTodo = expectOk(await post('/api/workflow/list/todo', {}, 'sm')).data;
    expect(smTodo.list.find((r: { instanceId: string }) => r.instanceId === inst.id)).toMatchObject({ docNo: adj.adjustNo, stepName: '销售经理审批', docTypeName: '销售调价单' });
    expect(expectOk(await get('/api/workflow/counts', 'sm')).data.todo).toBeGreaterThanOrEqual(1);
    expectFailure(await post(`/api/workflow/approve/${inst.id}`, {}, 'gm'), 403, /不是当前步骤的审批人/);
    expectOk(await post(`/api/workflow/approve/${inst.id}`, { comment: '同意' }, 'sm'));
    expect(await statusOf(adj.id)).toBe('FREE');
    const mid = await detail(inst.id, 'gm');
    expect(mid.currentStep).toMatchObject({ index: 1, name: '总经理审批' });
    expect(mid.can).toMatchObject({ approve: true, reject: true, revoke: false });
    const last = expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, 'gm'));
    expect(last.msg).toMatch(/审批通过/);
    expect(await statusOf(adj.id)).toBe('AUDITED');
    const done = await detail(inst.id);
    expect(done.status).toBe('approved');
    expect(done.timeline.map((t: { action: string }) => t.action)).toEqual(['initiate', 'approve', 'approve', 'finish']);
    expect(done.timeline[1]).toMatchObject({ user: { id: who.sm.userId, name: '销售经理' }, comment: '同意', stepName: '销售经理审批' });
    expect(done.document.find((f: { key: string }) => f.key === 'reason')).toMatchObject({ value: '原料涨价' });
    // the initiator is told; the operation log has every action
    const notes = expectOk(await post('/api/workflow/notifications/list', { unreadOnly: true })).data;
    expect(notes.list.some((n: { kind: string; instanceId: string }) => n.kind === 'approved' && n.instanceId === inst.id)).toBe(true);
    const logged = await db().selectFrom('sys_log').select('action').where('doc_no', '=', adj.adjustNo).execute();
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['workflowInitiate', 'workflowApprove']));
    expect(expectOk(await post('/api/workflow/list/mine', {})).data.list.some((r: { instanceId: string; status: string }) => r.instanceId === inst.id && r.status === 'approved')).toBe(true);
    expect(expectOk(await post('/api/workflow/list/done', {}, 'gm')).data.list[0]).toMatchObject({ instanceId: inst.id, myAction: 'approve' });
  });

  it('rejected back to the initiator: the adjustment is a draft again and can be edited', async () => {
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    expectFailure(await post(`/api/workflow/reject/${inst.id}`, {}, 'sm'), 400, /驳回原因/);
    expectOk(await post(`/api/workflow/reject/${inst.id}`, { comment: '价格过高' }, 'sm'));
    expect((await detail(inst.id)).status).toBe('rejected');
    const fresh = expectOk(await get(`${ADJ}/get/${adj.id}`)).data;
    expectOk(await call(ctx.app, 'PUT', `${ADJ}/update`, who.ac.authorization, { entity: { id: adj.id, version: fresh.version, reason: '重新报价' } }));
    // submitted again: a new approval
    const again = await submit(adj.id);
    expect(again.id).not.toBe(inst.id);
    expectOk(await post(`/api/workflow/revoke/${again.id}`, {}));
  });

  it('rejected to the previous step when the step says so; a document in flight keeps its version', async () => {
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    // a new version of the flow: the instance above keeps the one it started on
    await saveFlow([step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] }), step('b', '总经理审批', { kind: 'role', roleId: gmRoleId }, { rejectTo: 'previous' })]);
    const versionOf = async (id: string) => (await detail(id)).flowVersion;
    const startedOn = await versionOf(inst.id);
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, 'sm'));
    expectOk(await post(`/api/workflow/reject/${inst.id}`, { comment: '再看看' }, 'gm'));
    expect((await detail(inst.id)).status).toBe('rejected');
    expect(await versionOf(inst.id)).toBe(startedOn);

    const adj2 = await draftAdjust();
    const inst2 = await submit(adj2.id);
    expect(await versionOf(inst2.id)).toBe(startedOn + 1);
    expectOk(await post(`/api/workflow/approve/${inst2.id}`, {}, 'sm'));
    const back = expectOk(await post(`/api/workflow/reject/${inst2.id}`, { comment: '请销售经理复核' }, 'gm'));
    expect(back.data.to).toEqual({ kind: 'step', idx: 0 });
    const d = await detail(inst2.id, 'sm');
    expect(d).toMatchObject({ status: 'running', currentStep: { index: 0 } });
    expect(d.can.approve).toBe(true);
    expect(await statusOf(adj2.id)).toBe('FREE');
    expectOk(await post(`/api/workflow/revoke/${inst2.id}`, { comment: '撤回' }));
  });

  it('revoked by the initiator only; transferred, signed by one more, copied', async () => {
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    expectFailure(await post(`/api/workflow/revoke/${inst.id}`, {}, 'sm'), 403, /只有发起人/);
    // 转办: the sales manager hands the task to the administrator
    expectFailure(await post(`/api/workflow/transfer/${inst.id}`, { userId: who.sm.userId }, 'sm'), 400, /不能转办给自己/);
    expectOk(await post(`/api/workflow/transfer/${inst.id}`, { userId: who.admin.userId, comment: '出差' }, 'sm'));
    expectFailure(await post(`/api/workflow/approve/${inst.id}`, {}, 'sm'), 409);
    // 加签 on an any-one step: the operator may decide it too
    expectOk(await post(`/api/workflow/add-signer/${inst.id}`, { userIds: [who.op.userId] }, 'admin'));
    expect((await detail(inst.id, 'op')).can.approve).toBe(true);
    // 抄送: to the accountant (cc) and the operator (bcc): the timeline names the cc only
    expectOk(await post(`/api/workflow/cc/${inst.id}`, { cc: [who.gm.userId], bcc: [who.op.userId], comment: '请知悉' }, 'admin'));
    const ccRows = expectOk(await post('/api/workflow/list/cc', {}, 'gm')).data.list;
    expect(ccRows[0]).toMatchObject({ instanceId: inst.id, kind: 'cc', read: false });
    expect(expectOk(await get('/api/workflow/counts', 'gm')).data.ccUnread).toBe(1);
    const seen = await detail(inst.id, 'gm');
    expect(seen.timeline.at(-1)).toMatchObject({ action: 'cc', targets: [{ id: who.gm.userId, name: '总经理' }] });
    expect(expectOk(await get('/api/workflow/counts', 'gm')).data.ccUnread).toBe(0);
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, 'op'));
    expectFailure(await post(`/api/workflow/approve/${inst.id}`, {}, 'admin'), 409, /已由他人处理/);
    expectOk(await post(`/api/workflow/revoke/${inst.id}`, {}));
    expect((await detail(inst.id)).status).toBe('revoked');
    expectFailure(await post(`/api/workflow/revoke/${inst.id}`, {}), 409);
    // one neither submitting, approving nor copied sees nothing of it
    expectFailure(await get(`/api/workflow/instance/${inst.id}`, 'qa'), 403, /不是该审批的发起人、审批人或抄送人/);
  });

  it('the final audit refused by the document\'s own rules: the approval is refused with their message and nothing changes', async () => {
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, 'sm'));
    // the document was audited behind the approval's back: its own transition table refuses a second audit
    await db().updateTable('wb_price_adjust').set({ doc_status: 'AUDITED' }).where('id', '=', adj.id).execute();
    expectFailure(await post(`/api/workflow/approve/${inst.id}`, {}, 'gm'), 400, /已审核，不能重复审核/);
    const d = await detail(inst.id, 'gm');
    expect(d).toMatchObject({ status: 'running', currentStep: { index: 1 } });
    expect(d.timeline.map((t: { action: string }) => t.action)).toEqual(['initiate', 'approve']);
    await db().updateTable('wb_price_adjust').set({ doc_status: 'FREE' }).where('id', '=', adj.id).execute();
    expectOk(await post(`/api/workflow/revoke/${inst.id}`, {}));
  });

  it('skips a step whose condition says so', async () => {
    await saveFlow([
      step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] }, { condition: { effect: 'skip', conditions: [{ field: 'reason', op: '=', value: '例行' }] } }),
      step('b', '总经理审批', { kind: 'role', roleId: gmRoleId }),
    ]);
    const adj = await draftAdjust('例行');
    const inst = await submit(adj.id);
    const d = await detail(inst.id);
    expect(d.steps.map((s: { status: string }) => s.status)).toEqual(['skipped', 'active']);
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, 'gm'));
    expect(await statusOf(adj.id)).toBe('AUDITED');
  });
});

describe('races', () => {
  it('two approvers of an any-one step at once: one decides it, the other is told it was decided', async () => {
    await saveFlow([step('a', '经理或签', { kind: 'users', userIds: [who.sm.userId, who.gm.userId] }), step('b', '会计复核', { kind: 'users', userIds: [who.ac.userId] })]);
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    const answers = await Promise.all([post(`/api/workflow/approve/${inst.id}`, {}, 'sm'), post(`/api/workflow/approve/${inst.id}`, {}, 'gm')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().msg).toMatch(/已由他人处理/);
    const d = await detail(inst.id);
    expect(d.timeline.filter((t: { action: string }) => t.action === 'approve')).toHaveLength(1);
    expect(d.currentStep).toMatchObject({ index: 1 });
    expectOk(await post(`/api/workflow/revoke/${inst.id}`, {}));
  });

  it('approve and revoke at once: one wins', async () => {
    await saveFlow([step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] })]);
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    const answers = await Promise.all([post(`/api/workflow/approve/${inst.id}`, {}, 'sm'), post(`/api/workflow/revoke/${inst.id}`, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const d = await detail(inst.id);
    const approved = answers[0].statusCode === 200;
    expect(d.status).toBe(approved ? 'approved' : 'revoked');
    expect(await statusOf(adj.id)).toBe(approved ? 'AUDITED' : 'FREE');
  });

  it('submitted twice at once: one approval runs', async () => {
    const adj = await draftAdjust();
    const answers = await Promise.all([post('/api/workflow/initiate', { docType: DOC, docId: adj.id }), post('/api/workflow/initiate', { docType: DOC, docId: adj.id })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().selectFrom('wf_instance').select('id').where('doc_id', '=', adj.id).execute()).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('reminds the approvers of a step waiting past its limit once per limit', async () => {
    await saveFlow([step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] }, { remindAfterHours: 2 })]);
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    const activated = (await db().selectFrom('wf_step').select('activated_at').where('instance_id', '=', inst.id).where('idx', '=', 0).executeTakeFirstOrThrow()).activated_at as Date;
    const at = (h: number) => new Date(activated.getTime() + h * 3_600_000);
    const reminders = async () => (await db().selectFrom('wf_notification').select('id').where('instance_id', '=', inst.id).where('kind', '=', 'remind').execute()).length;
    await remindWaiting(db(), at(1));
    expect(await reminders()).toBe(0);
    await remindWaiting(db(), at(2.5));
    expect(await reminders()).toBe(1);
    await remindWaiting(db(), at(3));
    expect(await reminders()).toBe(1);
    await remindWaiting(db(), at(4.6));
    expect(await reminders()).toBe(2);
    expectOk(await post(`/api/workflow/revoke/${inst.id}`, {}));
  });
});

describe('the live counts', () => {
  it('streams the caller\'s counts on open and again when a task reaches them', async () => {
    await saveFlow([step('a', '销售经理审批', { kind: 'users', userIds: [who.sm.userId] })]);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/workflow/stream`, { headers: { authorization: who.sm.authorization }, signal: abort.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const nextCounts = async () => {
      for (;;) {
        const end = text.indexOf('\n\n', text.indexOf('event: counts'));
        if (text.includes('event: counts') && end > 0) {
          const frame = text.slice(text.indexOf('event: counts'), end);
          text = text.slice(end + 2);
          return JSON.parse(frame.split('\ndata: ')[1]);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += new TextDecoder().decode(value);
      }
    };
    const first = await nextCounts();
    const adj = await draftAdjust();
    const inst = await submit(adj.id);
    const second = await nextCounts();
    expect(second.todo).toBe(first.todo + 1);
    expect(second.unread).toBe(first.unread + 1);
    abort.abort();
    expectOk(await post(`/api/workflow/revoke/${inst.id}`, {}));
  });
});
