/** The demo plant's menu tree: every area of the platform (spec section 1), built from the modules. */
export { MENU_TREE } from '../domain/modules';
export type { MenuButtonSeed, MenuSeed } from '../platform/menu/define';
