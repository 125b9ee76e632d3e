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
 * Handlers of `page:<name>` buttons (protocol documents.ts, familyButtonAction), registered by the
 * pages that own the dialog (app/page-actions.ts registers them at start, loading each page's code
 * only when its button is clicked).
 */
const handlers = new Map<string, PageAction>();

export function registerPageAction(name: string, handler: PageAction): void {
  handlers.set(name, handler);
}

export const pageAction = (name: string): PageAction | undefined => handlers.get(name);
