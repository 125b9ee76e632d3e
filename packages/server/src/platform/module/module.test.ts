import { sql } from 'kysely';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, expectOk } from '../../../test/api';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { badRequest } from '../http/errors';
import { LOG_LIST_CODE, logListTemplate } from '../../domain/system/templates';
import { mountAction } from './action-route';
import { defineAction, defineModule, type ModuleContext } from './define';
import { buildMenuTree } from './menu';
import { checkModules, mountModules } from './mount';

/**
 * The module contract's wrapper: an action's change and its log entry commit together or not at
 * all, a refusal may keep a record of the try in a transaction of its own, and a list's forced
 * conditions and row decoration apply whatever the client sends.
 */
let t: TestContext;
let admin: string;
const refusedTries: string[] = [];

const logCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sys_log WHERE family = '测试单据'`.execute(t.database.db)).rows[0].n);
const noteCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sys_param WHERE param_key LIKE 'moduleTest.%'`.execute(t.database.db)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  const ctx = { db: t.database.db, database: t.database, list: undefined, storage: undefined, now: Date.now } as unknown as ModuleContext;
  const body = z.strictObject({ key: z.string().max(20), fail: z.boolean().optional() });
  mountAction(t.app, ctx, defineAction({
    path: '/api/module-test/note', permission: 'sys_log_view', body,
    run: async ({ tx, who, input }) => {
      await tx.insertInto('sys_param').values({ org_id: who.orgId, param_key: `moduleTest.${input.body.key}`, param_value: 'x' }).execute();
      if (input.body.fail) throw badRequest('不能保存', 'key');
      return { key: input.body.key };
    },
    log: (input, done) => ({ action: 'create', family: '测试单据', docNo: done.key, detail: `键 ${input.body.key}` }),
    refused: async ({ input, error }) => {
      refusedTries.push(`${(input?.body as { key: string } | undefined)?.key ?? '?'}: ${(error as Error).message}`);
    },
    message: '保存成功',
  }));
  mountModules(t.app, [defineModule({
    key: 'module-test',
    templates: [logListTemplate],
    lists: [{
      url: '/api/module-test/log/v2/list', template: LOG_LIST_CODE, permission: 'sys_log_view',
      forced: () => [{ key: 'action', op: 'eq', val: 'login' }],
      decorate: (rows) => rows.map((r) => ({ ...r, ihandle: true })),
    }],
  })], ctx);
  admin = (await bearerFor(t.app, 'admin')).authorization;
});

describe('an action run by the module wrapper', () => {
  it('writes its change and exactly one log entry with family, number and detail', async () => {
    const res = await call(t.app, 'POST', '/api/module-test/note', admin, { key: 'A1' });
    expect(expectOk(res).msg).toBe('保存成功');
    const rows = await t.database.db.selectFrom('sys_log').selectAll().where('family', '=', '测试单据').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', doc_no: 'A1', detail: '键 A1', username: 'admin' });
    expect(rows[0].ip).toBeTruthy();
  });

  it('leaves neither the change nor a log entry when the use case refuses, and tells the refused hook', async () => {
    const [logs, notes] = [await logCount(), await noteCount()];
    expectFailure(await call(t.app, 'POST', '/api/module-test/note', admin, { key: 'B2', fail: true }), 400, '不能保存');
    expect(await logCount()).toBe(logs);
    expect(await noteCount()).toBe(notes);
    expect(refusedTries).toContain('B2: 不能保存');
  });

  it('refuses a body its schema does not take before anything runs', async () => {
    const logs = await logCount();
    expectFailure(await call(t.app, 'POST', '/api/module-test/note', admin, { key: 'C3', extra: 1 }), 400);
    expect(await logCount()).toBe(logs);
  });

  it('needs its permission', async () => {
    const operator = (await bearerFor(t.app, 'operator')).authorization;
    expectFailure(await call(t.app, 'POST', '/api/module-test/note', operator, { key: 'D4' }), 403);
  });
});

describe('a module list', () => {
  it('adds its forced conditions to what the client asks and decorates every row', async () => {
    await call(t.app, 'POST', '/api/module-test/note', admin, { key: 'E5' });
    const res = expectOk(await call(t.app, 'POST', '/api/module-test/log/v2/list', admin, { search: [{ key: 'action', op: 'eq', val: 'create' }] }));
    const list = (res.data as { list: Record<string, unknown>[] }).list;
    // create AND login: the forced condition cannot be searched away
    expect(list).toHaveLength(0);
    const logins = (expectOk(await call(t.app, 'POST', '/api/module-test/log/v2/list', admin, {})).data as { list: Record<string, unknown>[] }).list;
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((r) => r.action === 'login' && r.ihandle === true)).toBe(true);
  });
});

describe('the start-time checks', () => {
  it('refuses a repeated key and a dependency that comes later', () => {
    expect(() => checkModules([defineModule({ key: 'a' }), defineModule({ key: 'a' })])).toThrow('模块 a 重复');
    expect(() => checkModules([defineModule({ key: 'b', depends: ['c'] }), defineModule({ key: 'c' })])).toThrow('依赖');
  });

  it('refuses a list whose template no module seeds, and two calls on one path', () => {
    expect(() => checkModules([defineModule({ key: 'a', lists: [{ url: '/x/v2/list', template: 'nowhere', permission: 'p' }] })])).toThrow('模板 nowhere 不存在');
    const action = defineAction({ path: '/x/do', permission: 'p', run: async () => null, log: () => [] });
    expect(() => checkModules([defineModule({ key: 'a', actions: [action] }), defineModule({ key: 'b', actions: [action] })])).toThrow('POST /x/do 重复');
  });

  it('builds the menu tree from the folders and the modules, refusing an unknown folder and a path twice', () => {
    const areas = [{ name: '甲', en: 'A', path: '/a', icon: 'X', planned: [{ name: '计划', en: 'Planned', path: '/a/p' }], order: ['/a/2', '/a/1'] }];
    const m = (key: string, area: string, path: string) => defineModule({ key, menu: [{ area, leaves: [{ name: path, en: path, path }] }] });
    const tree = buildMenuTree(areas, [m('one', '/a', '/a/1'), m('two', '/a', '/a/2')]);
    expect(tree[0].children?.map((c) => c.path)).toEqual(['/a/2', '/a/1', '/a/p']);
    expect(() => buildMenuTree(areas, [m('one', '/b', '/b/1')])).toThrow('菜单目录 /b 不存在');
    expect(() => buildMenuTree(areas, [m('one', '/a', '/a/1'), m('two', '/a', '/a/1')])).toThrow('菜单 /a/1 重复');
  });

  it('gathers a folder\'s grouped leaves into a second-level folder where the first of them stood, refusing a missing leaf', () => {
    const m = defineModule({ key: 'one', menu: [{ area: '/a', leaves: ['/a/1', '/a/2', '/a/3', '/a/4'].map((path) => ({ name: path, en: path, path })) }] });
    const areas = [{ name: '甲', en: 'A', path: '/a', icon: 'X', groups: [{ name: '组', en: 'Group', path: '/a/menu-group/g', leaves: ['/a/4', '/a/2'] }] }];
    const [area] = buildMenuTree(areas, [m]);
    expect(area.children?.map((c) => c.path)).toEqual(['/a/1', '/a/menu-group/g', '/a/3']);
    expect(area.children?.[1].children?.map((c) => c.path)).toEqual(['/a/4', '/a/2']);
    const missing = [{ ...areas[0], groups: [{ ...areas[0].groups[0], leaves: ['/a/9'] }] }];
    expect(() => buildMenuTree(missing, [m])).toThrow('/a/9 不存在');
    const twice = [{ ...areas[0], groups: [...areas[0].groups, { ...areas[0].groups[0], path: '/a/menu-group/h' }] }];
    expect(() => buildMenuTree(twice, [m])).toThrow('在两个分组中');
  });
});
