/** The most pages a home page offers as shortcuts: two rows of the home page's grid. */
export const MOST_SHORTCUTS = 12;

/** A page a role's home page may offer (GET /system/home-shortcut/choices): a granted leaf of the menu. */
export interface ShortcutChoice {
  id: string;
  name: string;
  nameEn: string | null;
  path: string;
  /** the folder it sits in, as the sidebar names it */
  folder: string;
  folderEn: string | null;
}
