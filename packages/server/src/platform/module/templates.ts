import type { TemplateDef } from '../templates/define';
import type { FamilyModule } from './define';

/** A family's templates: its own, then its documents' lists, popups and forms. */
function templatesOf(module: FamilyModule): TemplateDef[] {
  const documents = module.documents ?? [];
  return [
    ...(module.templates ?? []),
    ...documents.flatMap((d) => [d.listTemplate, ...(d.resourceTemplate ? [d.resourceTemplate] : [])]),
    ...documents.flatMap((d) => d.forms),
  ];
}

/**
 * Every template the modules seed, each once, a popup before every template whose field opens it
 * (the seed stores the popup's id on the field), otherwise in the modules' order.
 */
export function moduleTemplates(modules: FamilyModule[]): TemplateDef[] {
  const all = modules.flatMap(templatesOf);
  const byCode = new Map<string, TemplateDef>();
  for (const t of all) {
    const seen = byCode.get(t.formatCode);
    if (seen && seen !== t) throw new Error(`模板 ${t.formatCode} 被两个模块定义`);
    byCode.set(t.formatCode, t);
  }
  const ordered: TemplateDef[] = [];
  const placed = new Set<string>();
  const place = (t: TemplateDef, path: string[]) => {
    if (placed.has(t.formatCode)) return;
    if (path.includes(t.formatCode)) throw new Error(`模板引用成环: ${[...path, t.formatCode].join(' -> ')}`);
    for (const f of t.fields) {
      const code = f.resource?.formatCode;
      const popup = code ? byCode.get(code) : undefined;
      if (popup && popup !== t) place(popup, [...path, t.formatCode]);
    }
    placed.add(t.formatCode);
    ordered.push(t);
  };
  for (const t of byCode.values()) place(t, []);
  return ordered;
}
