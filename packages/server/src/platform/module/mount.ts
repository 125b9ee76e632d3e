import type { FastifyInstance } from 'fastify';
import { documentRoutes } from '../documents/routes';
import { templateListRoute } from '../list/route';
import { mountAction } from './action-route';
import type { FamilyModule, ModuleContext } from './define';
import type { TemplateDef } from '../templates/define';
import { moduleTemplates } from './templates';

/**
 * What start-up refuses, so a mistake in a module's declaration stops the server at once instead
 * of surfacing as a 404 or a 500 later: a repeated key, a dependency that is missing or comes
 * later, a list reading a template no module seeds, two calls on one path, a consistency check twice.
 */
export function checkModules(modules: FamilyModule[], templates: TemplateDef[] = moduleTemplates(modules)): void {
  const keys = new Set<string>();
  for (const m of modules) {
    if (keys.has(m.key)) throw new Error(`模块 ${m.key} 重复`);
    for (const d of m.depends ?? []) {
      if (!keys.has(d)) throw new Error(`模块 ${m.key} 依赖的 ${d} 不存在或排在它之后`);
    }
    keys.add(m.key);
  }
  const codes = new Set(templates.map((t) => t.formatCode));
  const calls = new Set<string>();
  const call = (m: FamilyModule, method: string, path: string) => {
    const key = `${method} ${path}`;
    if (calls.has(key)) throw new Error(`模块 ${m.key}: ${key} 重复`);
    calls.add(key);
  };
  const docTypes = new Set<string>();
  const checks = new Set<string>();
  for (const m of modules) {
    for (const a of m.approvals ?? []) {
      if (!(m.depends ?? []).includes('workflow')) throw new Error(`模块 ${m.key}: 声明了审批的单据，应依赖 workflow`);
      if (docTypes.has(a.docType)) throw new Error(`模块 ${m.key}: 审批单据类型 ${a.docType} 重复`);
      docTypes.add(a.docType);
    }
    for (const c of m.checks ?? []) {
      if (checks.has(c.key)) throw new Error(`模块 ${m.key}: 一致性检查 ${c.key} 重复`);
      checks.add(c.key);
    }
    for (const l of m.lists ?? []) {
      if (!codes.has(l.template)) throw new Error(`模块 ${m.key}: 列表 ${l.url} 的模板 ${l.template} 不存在`);
      if (!l.permission) throw new Error(`模块 ${m.key}: 列表 ${l.url} 没有权限`);
      call(m, 'POST', l.url);
    }
    for (const a of m.actions ?? []) {
      if (!a.permission && !a.signedIn) throw new Error(`模块 ${m.key}: ${a.path} 没有权限`);
      call(m, a.method ?? 'POST', a.path);
    }
  }
}

/** Every module's calls: its documents on the engine, its lists, its actions, its own routes. */
export function mountModules(app: FastifyInstance, modules: FamilyModule[], given: ModuleContext): void {
  const ctx: ModuleContext = { ...given, modules };
  // the templates were gathered once already, for the seed (domain/modules.ts ALL_TEMPLATES)
  checkModules(modules, ctx.templates);
  for (const m of modules) {
    for (const family of m.documents ?? []) documentRoutes(app, ctx.db, family, ctx.list);
    for (const l of m.lists ?? []) {
      templateListRoute(app, ctx.db, {
        url: l.url, formatCode: l.template, access: { permission: l.permission, demoAllowed: true },
        forced: l.forced, decorate: l.decorate, anyTplId: l.anyTplId,
      }, ctx.list);
    }
    for (const a of m.actions ?? []) mountAction(app, ctx, a);
    m.routes?.(app, ctx);
  }
}
