import type { MenuButton } from '@wb/protocol';

/** What a `page:<name>` button's handler gets from the list screen it sits on. */
export interface PageActionContext {
  /** the family's base path (documentBase of the list's resUrl) */
  base: string;
  button: MenuButton;
  selectedIds: string[];
  /** the selected rows as the list shows them (only those on the current page) */
  selectedRows: Record<string, unknown>[];
  refresh(): void;
  clearSelection(): void;
}

export type PageAction = (ctx: PageActionContext) => void | Promise<void>;

/**
 * Handlers of `page:<name>` buttons (protocol documents.ts, familyButtonAction), registered per
 * family by the pages that own the dialog (imported by the workspace at start, loading each
 * dialog's code only when its button is clicked). A name belongs to one family: a second family
 * registering it refuses to start, naming both, rather than one button silently running the
 * other's handler. A family registering again (its module reloaded) replaces its own names.
 */
const handlers = new Map<string, { family: string; handler: PageAction }>();

export function registerPageActions(family: string, actions: Record<string, PageAction>): void {
  for (const name of Object.keys(actions)) {
    const owner = handlers.get(name)?.family;
    if (owner !== undefined && owner !== family) throw new Error(`页面操作 page:${name} 重复：${owner} 与 ${family} 都注册了它`);
  }
  for (const [name, entry] of handlers) if (entry.family === family && !(name in actions)) handlers.delete(name);
  for (const [name, handler] of Object.entries(actions)) handlers.set(name, { family, handler });
}

export const pageAction = (name: string): PageAction | undefined => handlers.get(name)?.handler;

/** Which family registered each name (the start's check and its test read it). */
export const pageActionFamilies = (): Record<string, string> => Object.fromEntries([...handlers].map(([name, e]) => [name, e.family]));
