import { MOST_SHORTCUTS, type ShortcutChoice } from '@wb/protocol';

export type { ShortcutChoice };

/** The choices under their folders, folders and pages in the menu's order. */
export function byFolder(choices: readonly ShortcutChoice[]): { folder: string; folderEn: string | null; pages: ShortcutChoice[] }[] {
  const out: { folder: string; folderEn: string | null; pages: ShortcutChoice[] }[] = [];
  for (const c of choices) {
    const last = out.find((f) => f.folder === c.folder);
    if (last) last.pages.push(c);
    else out.push({ folder: c.folder, folderEn: c.folderEn, pages: [c] });
  }
  return out;
}

/**
 * Ticking a page puts it last; unticking takes it out, the others keeping their order. A page past
 * the most a home page shows is not taken (the box is disabled then; the server refuses it too).
 */
export function toggleChosen(chosen: readonly string[], id: string): string[] {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  return chosen.length >= MOST_SHORTCUTS ? [...chosen] : [...chosen, id];
}

/** Whether a page not yet ticked may still be ticked. */
export const canTickMore = (chosen: readonly string[]): boolean => chosen.length < MOST_SHORTCUTS;
