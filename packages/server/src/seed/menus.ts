/** The demo plant's menu tree: every area of the platform (spec section 1), built from the modules. */
export { MENU_TREE } from '../domain/modules';
export type { MenuButtonSeed, MenuSeed } from '../platform/menu/define';

/**
 * Leaves the tree once seeded at another path: a database seeded then has its entry moved to the
 * new path at start (seed/menu-upgrade.ts), keeping its id, name and grants. The help page used to
 * name one host and port, wrong on any other installation.
 */
export const MOVED_LEAVES: { from: string; to: string }[] = [
  { from: 'http://localhost:8080/help.html', to: '/help.html' },
];
