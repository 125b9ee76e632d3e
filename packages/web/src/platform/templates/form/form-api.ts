import type { FormatDefinition } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** A saved or loaded record: field names as the family's templates name them. */
export type Entity = Record<string, unknown>;

/** What GET {base}/get/{id} answers: the entity, and for master-child families its child rows. */
export interface LoadedEntity {
  entity: Entity;
  entitysub: Entity[] | null;
}

/** The FORM template bound to a button entry (create / update). */
export function fetchFormTemplate(buttonMenuId: string): Promise<FormatDefinition> {
  return call<FormatDefinition>('/cg-format/template', { query: { formatType: 'FORM', menuId: buttonMenuId } });
}

function apiPath(base: string): string {
  // documentBase keeps the /api root of the template's resUrl; the client adds it itself
  return base.replace(/^\/api(?=\/)/, '');
}

/** A family may answer the entity alone, or the entity with its child rows beside it. */
export function splitLoaded(reply: unknown): LoadedEntity {
  const r = (reply ?? {}) as Entity;
  if (r.entity && typeof r.entity === 'object') {
    return { entity: r.entity as Entity, entitysub: Array.isArray(r.entitysub) ? (r.entitysub as Entity[]) : null };
  }
  const { entitysub, ...entity } = r;
  return { entity, entitysub: Array.isArray(entitysub) ? (entitysub as Entity[]) : null };
}

export async function fetchEntity(base: string, id: string): Promise<LoadedEntity> {
  return splitLoaded(await call<unknown>(`${apiPath(base)}/get/${encodeURIComponent(id)}`));
}

export function saveEntity(base: string, mode: 'create' | 'update', entity: Entity, entitysub?: Entity[]): Promise<unknown> {
  const body = entitysub ? { entity, entitysub } : { entity };
  return mode === 'create'
    ? call(`${apiPath(base)}/create`, { method: 'POST', body })
    : call(`${apiPath(base)}/update`, { method: 'PUT', body });
}
