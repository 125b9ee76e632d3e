/** A page a role's home page may offer (GET /system/home-shortcut/choices). */
export interface ShortcutChoice {
  id: string;
  name: string;
  nameEn: string | null;
  path: string;
  folder: string;
  folderEn: string | null;
}

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

/** Ticking a page puts it last; unticking takes it out, the others keeping their order. */
export function toggleChosen(chosen: readonly string[], id: string): string[] {
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}
