import type { ButtonAction, FamilyActionKind } from '@wb/protocol';

/**
 * How a menu entry is declared in code: the seed's tree and every family's own area use these
 * shapes, so a family's menu needs nothing from the seed.
 * A leaf whose page is not built yet has no component, and the web opens the no-template page for it.
 */
export interface MenuSeed {
  name: string;
  en: string;
  path: string;
  icon?: string;
  component?: string;
  keepAlive?: boolean;
  /** role codes granted this leaf besides the administrator; a menu with children is granted to
   *  exactly the roles that hold one of its leaves, so no role sees an empty folder */
  roles?: string[];
  app?: boolean;
  children?: MenuSeed[];
  buttons?: MenuButtonSeed[];
  /** a page that keeps its route but is not shown in the sidebar or found by the menu search */
  hidden?: boolean;
}

/**
 * A button entry: `component` is the action it runs (BUTTON_ACTIONS, or a family's own action
 * `batch:letin` / `one:print` / `page:readCard`: protocol documents.ts), `permission` the key checked.
 */
export interface MenuButtonSeed {
  name: string; en: string; permission: string; component?: ButtonAction | `${FamilyActionKind}:${string}`; path?: string; roles?: string[];
}

/** A family's own action as a list button, its permission `${prefix}_${name}` like the others. */
export const familyButton = (prefix: string, kind: FamilyActionKind, name: string, zh: string, en: string, roles: string[]): MenuButtonSeed => ({
  name: zh, en, permission: `${prefix}_${name}`, component: `${kind}:${name}`, roles,
});

/** The words of the document actions (protocol documents.ts) on a list's buttons. */
export const BUTTON_LABELS: Record<ButtonAction, [string, string]> = {
  view: ['查看', 'View'], create: ['新增', 'Add'], update: ['修改', 'Edit'], delList: ['删除', 'Delete'],
  audit: ['审核', 'Audit'], unaudit: ['反审核', 'Un-audit'], enable: ['启用', 'Enable'], disable: ['停用', 'Disable'],
  obsolete: ['作废', 'Void'], recover: ['恢复', 'Recover'], copy: ['复制', 'Copy'], export: ['导出', 'Export'],
  import: ['导入', 'Import'], allocate: ['分配', 'Allocate'], cancelAllocate: ['取消分配', 'Withdraw'],
  loss: ['挂失', 'Report lost'], reuse: ['解除挂失', 'Found again'],
};

/**
 * The buttons of a document list (packages/protocol/src/documents.ts): one entry per action, its
 * permission `${prefix}_${action}`. `editors` may take every action; `viewers` only look.
 */
export function documentButtons(prefix: string, actions: ButtonAction[], editors: string[], viewers: string[] = []): MenuButtonSeed[] {
  return (['view', ...actions] as ButtonAction[]).map((action) => ({
    name: BUTTON_LABELS[action][0], en: BUTTON_LABELS[action][1], permission: `${prefix}_${action}`, component: action,
    roles: action === 'view' ? [...editors, ...viewers] : editors,
  }));
}

/** A leaf: its words, path and the roles granted it besides the administrator. */
export const menuLeaf = (name: string, en: string, path: string, roles: string[] = [], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name, en, path, roles, ...extra,
});

/** The demo plant's role codes a family grants its leaves to (seed/demo.ts creates them). */
/**
 * The lab's blindness splits quality work in two: ROLE_QUALITY enters, checks and rechecks results
 * by blind code and sees no ticket, plate or vendor; ROLE_SAMPLER (取样员) judges the trucks at the
 * sampling point and sees them, but enters no result.
 */
export const ROLE = { operator: 'ROLE_OPERATOR', quality: 'ROLE_QUALITY', accountant: 'ROLE_ACCOUNTANT', sampler: 'ROLE_SAMPLER' } as const;
