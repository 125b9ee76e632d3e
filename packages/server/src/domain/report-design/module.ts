import { z } from 'zod';
import { idSchema, reportDefinitionSchema, reportHeadSchema, type ReportDefinition } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, badRequestWith, parse } from '../../platform/http/errors';
import { defineAction, defineModule, type FamilyModule } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import {
  companyRoles, deleteReport, getReport, insertReport, listReports, placeInMenu, refreshLeaf, removeFromMenu, updateReport, type ReportRow,
} from './repo';
import { copiedDefinition, definitionProblems, reportFile, reportFileSchema, reportMenuPath, sourceKey, unknownRoles, type Problem } from './rules';
import { builtInReports, findDataset, sourceOfKey } from './sources';

/** The designer's one right (报表设计 is an administrator's screen: the leaf is granted to no other role). */
export const REPORT_DESIGN_PERMISSION = 'report_design';
const FAMILY = '报表设计';

const codeSchema = z.string().trim().min(1, '不能为空').max(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '只能包含字母、数字和下划线');
const listBody = z.object({
  search: z.string().trim().max(100).optional(),
  pn: z.number().int().min(1).max(100_000).default(1),
  ps: z.number().int().min(1).max(200).default(20),
});
const saveBody = z.object({ definition: reportDefinitionSchema, remark: z.string().trim().max(500).nullish() });
const version = z.number().int().min(0, '版本号错误');
const updateBody = saveBody.extend({ version });
const copyParam = z.object({ id: z.union([idSchema, codeSchema]) });
const copyBody = z.object({ code: codeSchema, name: z.string().trim().min(1).max(100).optional(), nameEn: z.string().trim().max(100).optional() });
const menuBody = z.object({ place: z.boolean({ message: '请说明放入还是移出菜单' }) });
const headsBody = z.object({
  heads: z.array(reportHeadSchema).max(100),
  columns: z.array(z.object({ field: codeSchema, head: z.string().max(64).nullish() })).max(100),
  version,
});
const datasetKeyParam = z.object({ datasetKey: z.string().min(1).max(100) });

const described = (r: ReportRow) => ({ ...r, source: sourceKey(r.definition.source), menuPath: r.menuId ? reportMenuPath(r.code) : null });

/** Refuses a definition whose dataset, fields, heads or roles do not hold here; every problem in data.errors. */
async function check(db: Database, modules: readonly FamilyModule[] = [], who: Caller, def: ReportDefinition, prefix = 'definition.'): Promise<void> {
  const problems: Problem[] = definitionProblems(def, await findDataset(db, modules, who.orgId, def.source));
  const roles = await companyRoles(db, who.groupId);
  for (const code of unknownRoles(def.roles, roles.map((r) => r.code))) {
    problems.push({ field: `roles.${def.roles.indexOf(code)}`, message: `角色 ${code} 不存在` });
  }
  if (problems.length) throw badRequestWith(problems.map((p) => ({ field: `${prefix}${p.field}`, message: p.message })));
}

const builtIn = (modules: readonly FamilyModule[] = [], code: string) => builtInReports(modules).find((r) => r.code === code);

/**
 * 报表设计: an administrator designs a report over a dataset (columns, style heads, grouping, chart,
 * page, roles), copies a built-in or a designed one, exports the definition as a file and imports
 * it on another plant, and places the report in the menu for its roles. Every definition is checked
 * against its dataset before it is kept; every change writes its operation-log entry.
 * The datasets and built-in reports come from the modules the app mounted (ModuleContext.modules,
 * handed to each action and route), as the report centre's loader reads them.
 */
export const reportDesignModule: FamilyModule = defineModule({
  key: 'report-design',
  depends: ['report-centre'],
  menu: [{
    area: '/reportforms',
    leaves: [leaf('报表设计', 'Report designer', '/reportforms/design', [], {
      component: 'reports/design',
      buttons: [{ name: '设计报表', en: 'Design reports', permission: REPORT_DESIGN_PERMISSION }],
    })],
  }],
  actions: [
    defineAction({
      path: '/api/report/template-info', permission: REPORT_DESIGN_PERMISSION, body: saveBody,
      run: async ({ tx, who, input, modules }) => {
        await check(tx, modules, who, input.body.definition);
        return described(await insertReport(tx, who, input.body.definition, input.body.remark ?? null));
      },
      log: (_, r) => ({ action: 'reportCreate', family: FAMILY, docNo: r.code, detail: `新增报表 ${r.name}（${r.source}）` }),
      message: '新增成功',
    }),
    defineAction({
      method: 'PUT', path: '/api/report/template-info/:id', permission: REPORT_DESIGN_PERMISSION, params: z.object({ id: idSchema }), body: updateBody,
      run: async ({ tx, who, input, modules }) => {
        await check(tx, modules, who, input.body.definition);
        const row = await updateReport(tx, who, input.params.id, input.body.version, input.body.definition, input.body.remark);
        await refreshLeaf(tx, who, row);
        return described(row);
      },
      log: (_, r) => ({ action: 'reportUpdate', family: FAMILY, docNo: r.code, detail: `修改报表 ${r.name}，版本 ${r.version}` }),
      message: '保存成功',
    }),
    defineAction({
      method: 'DELETE', path: '/api/report/template-info/:id', permission: REPORT_DESIGN_PERMISSION, params: z.object({ id: idSchema }),
      run: async ({ tx, who, input, modules }) => {
        const row = await getReport(tx, who.orgId, input.params.id, true);
        // a report in the menu leaves it with its leaf: no one is left with a leaf to nothing
        await deleteReport(tx, who.orgId, row);
        return row;
      },
      log: (_, r) => ({ action: 'reportDelete', family: FAMILY, docNo: r.code, detail: `删除报表 ${r.name}${r.menuId ? '，并移出菜单' : ''}` }),
      reply: () => null,
      message: '删除成功',
    }),
    defineAction({
      path: '/api/report/template-info/:id/copy', permission: REPORT_DESIGN_PERMISSION, params: copyParam, body: copyBody,
      run: async ({ tx, who, input, modules }) => {
        const { id } = input.params;
        const source = /^\d+$/.test(id) ? (await getReport(tx, who.orgId, id)).definition : builtIn(modules, id);
        if (!source) throw new AppError(404, `内置报表不存在: ${id}`, 'id');
        const def = copiedDefinition(source, input.body.code, input.body.name, input.body.nameEn);
        await check(tx, modules, who, def);
        return { from: source.code, row: described(await insertReport(tx, who, def, null)) };
      },
      log: (_, r) => ({ action: 'reportCopy', family: FAMILY, docNo: r.row.code, detail: `复制报表 ${r.from} 为 ${r.row.code}` }),
      reply: (r) => r.row,
      message: '复制成功',
    }),
    defineAction({
      path: '/api/report/template-info/import', permission: REPORT_DESIGN_PERMISSION, body: reportFileSchema,
      run: async ({ tx, who, input, modules }) => {
        const def = input.body.definition;
        await check(tx, modules, who, def);
        return described(await insertReport(tx, who, def, null));
      },
      log: (_, r) => ({ action: 'reportImport', family: FAMILY, docNo: r.code, detail: `导入报表 ${r.name}（${r.source}）` }),
      message: '导入成功',
    }),
    defineAction({
      method: 'PUT', path: '/api/report/style-heads/:id', permission: REPORT_DESIGN_PERMISSION, params: z.object({ id: idSchema }), body: headsBody,
      run: async ({ tx, who, input, modules }) => {
        const before = await getReport(tx, who.orgId, input.params.id, true);
        const headOf = new Map(input.body.columns.map((c) => [c.field, c.head ?? undefined]));
        const def: ReportDefinition = {
          ...before.definition,
          heads: input.body.heads,
          columns: before.definition.columns.map((c) => {
            const { head: _old, ...rest } = c;
            const head = headOf.has(c.field) ? headOf.get(c.field) : c.head;
            return head ? { ...rest, head } : rest;
          }),
        };
        const unknown = input.body.columns.findIndex((c) => !before.definition.columns.some((x) => x.field === c.field));
        if (unknown >= 0) throw badRequest(`字段 ${input.body.columns[unknown].field} 不是报表的列`, `columns.${unknown}.field`);
        await check(tx, modules, who, def, '');
        return described(await updateReport(tx, who, before.id, input.body.version, def));
      },
      log: (_, r) => ({ action: 'reportHeads', family: FAMILY, docNo: r.code, detail: `修改表头：${r.definition.heads.map((h) => h.title).join('、') || '无'}` }),
      reply: (r) => ({ heads: r.definition.heads, columns: r.definition.columns.map((c) => ({ field: c.field, title: c.title, head: c.head ?? null })), version: r.version }),
      message: '保存成功',
    }),
    defineAction({
      path: '/api/report/template-info/:id/menu', permission: REPORT_DESIGN_PERMISSION, params: z.object({ id: idSchema }), body: menuBody,
      run: async ({ tx, who, input, modules }) => {
        // the row lock makes two placements of one report one leaf
        const row = await getReport(tx, who.orgId, input.params.id, true);
        if (input.body.place) {
          if (row.menuId) throw badRequest(`报表 ${row.code} 已在菜单中`, 'place');
          await placeInMenu(tx, who, row);
        } else {
          await removeFromMenu(tx, who.orgId, row);
        }
        return { place: input.body.place, row: described(await getReport(tx, who.orgId, row.id)) };
      },
      log: (_, r) => ({ action: r.place ? 'reportMenuPlace' : 'reportMenuRemove', family: FAMILY, docNo: r.row.code, detail: r.place ? `放入菜单 ${reportMenuPath(r.row.code)}` : '移出菜单' }),
      reply: (r) => r.row,
      message: (r) => (r.place ? '已放入菜单' : '已移出菜单'),
    }),
  ],
  routes: (app, { db, modules }) => {
    const access = { access: { permission: REPORT_DESIGN_PERMISSION } };
    app.post('/api/report/template-info/list', { config: { access: { permission: REPORT_DESIGN_PERMISSION, demoAllowed: true as const } } }, async (request) => {
      const q = parse(listBody, request.body ?? {});
      const { list, total } = await listReports(db, request.caller.orgId, q);
      return ok({ list: list.map(described), total, pn: q.pn, ps: q.ps });
    });
    // the built-in reports a new design may start from (copy)
    app.get('/api/report/template-info/builtins', { config: access }, async () =>
      ok(builtInReports(modules ?? []).map((r) => ({ code: r.code, name: r.name, nameEn: r.nameEn, source: sourceKey(r.source) }))));
    // the company's roles a report may be opened by
    app.get('/api/report/template-info/roles', { config: access }, async (request) => ok(await companyRoles(db, request.caller.groupId)));
    app.get('/api/report/template-info/:id', { config: access }, async (request) =>
      ok(described(await getReport(db, request.caller.orgId, parse(z.object({ id: idSchema }), request.params).id))));
    app.get('/api/report/template-info/:id/export', { config: access }, async (request, reply) => {
      const row = await getReport(db, request.caller.orgId, parse(z.object({ id: idSchema }), request.params).id);
      const file = reportFile(row.definition, new Date());
      return reply.header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${row.code}.json"; filename*=UTF-8''${encodeURIComponent(`${row.name}-${row.code}.json`)}`)
        .send(JSON.stringify(file, null, 2));
    });
    app.get('/api/report/template-fields/:datasetKey', { config: access }, async (request) => {
      const { datasetKey } = parse(datasetKeyParam, request.params);
      const dataset = await findDataset(db, modules ?? [], request.caller.orgId, sourceOfKey(datasetKey));
      if (!dataset) throw new AppError(404, `数据集 ${datasetKey} 不存在`, 'datasetKey');
      return ok(dataset.fields);
    });
    app.get('/api/report/style-heads/:id', { config: access }, async (request) => {
      const row = await getReport(db, request.caller.orgId, parse(z.object({ id: idSchema }), request.params).id);
      return ok({ heads: row.definition.heads, columns: row.definition.columns.map((c) => ({ field: c.field, title: c.title, head: c.head ?? null })), version: row.version });
    });
  },
});
