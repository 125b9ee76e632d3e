import type { WorkflowDocType } from '@wb/protocol';
import { tabKey } from '@/platform/menu/menu-routes';

/** The document type of the list a button sits on (its calls' base, else the page's path), when it is one under approval. */
export function docTypeOfList(types: readonly WorkflowDocType[], base: string, pathname: string): WorkflowDocType | null {
  const bare = (path: string) => path.replace(/^\/api/, '').replace(/\/$/, '');
  const byBase = types.find((d) => d.base !== null && bare(d.base) === bare(base));
  if (byBase) return byBase;
  const here = tabKey(pathname);
  return types.find((d) => d.menuPath !== null && tabKey(d.menuPath) === here) ?? null;
}
