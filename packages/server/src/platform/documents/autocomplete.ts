import type { ListRequest } from '@wb/protocol';
import type { Database } from '../db/pool';
import { runList } from '../list/repo';
import { planList } from '../list/rules';
import type { ListReach } from '../list/scope';
import type { DocumentFamily } from './define';
import { listTemplateOf } from './list-template';

/** The popup template's search and label fields: what typed text is matched against. */
function autocompleteKeys(family: DocumentFamily): string[] {
  const r = family.resourceTemplate;
  const keys = [r?.valueResourceSubName, r?.viewResourceSubName].filter((k): k is string => Boolean(k));
  return keys.length ? [...new Set(keys)] : [family.code.field];
}

/**
 * Ten suggestions, newest first, whose search or label field contains the typed text (spaces
 * removed, as the spec's {search} placeholder is filled). A POST may add its own conditions.
 */
export async function autocomplete(db: Database, family: DocumentFamily, who: ListReach, search: string, request: ListRequest = {}) {
  const template = await listTemplateOf(db, family);
  const text = search.replace(/\s+/g, '');
  const group = text ? [{ conj: 'or' as const, search: autocompleteKeys(family).map((key) => ({ key, op: 'like' as const, val: text })) }] : [];
  const body: ListRequest = {
    ...request,
    tplId: undefined,
    search: [...(request.search ?? []), ...group],
    limit: { pn: 1, ps: 10 },
    sort: request.sort?.length ? request.sort : template.fields.some((f) => f.fieldName === 'createDate' && f.isortField) ? [{ key: 'createDate', dir: 'desc' }] : undefined,
  };
  const { list } = await runList(db, planList(template, body), who);
  return { list };
}
