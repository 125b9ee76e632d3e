import { findEntry, IFRAME_PREFIX, type PageEntry, type RouteIndex } from '@/platform/menu/menu-routes';
import { HOME_PATH, tabKey, type Tab } from '@/app/session/tabs';
import { zhCN } from '@/i18n/zh-CN';
import { enUS } from '@/i18n/en-US';
import { WORKFLOW_DETAIL_LABEL } from '@/pages/workflow/labels';

export type PageKind = 'home' | 'editpwd' | 'templateFree' | 'iframe' | 'menu' | 'workflowDetail';

/** A workspace address resolved to what renders there and how its tab is labelled. */
export interface WorkspacePage {
  key: string;
  kind: PageKind;
  label: string;
  labelEn: string | null;
  menuId: string | null;
  keepAlive: boolean;
  /** the menu's component key ('system/log'); null opens the no-template page */
  component: string | null;
}

const FIXED: Record<string, Omit<WorkspacePage, 'key'>> = {
  [HOME_PATH]: { kind: 'home', label: zhCN.nav.home, labelEn: enUS.nav.home, menuId: null, keepAlive: true, component: null },
  '/editpwd': { kind: 'editpwd', label: zhCN.nav.editpwd, labelEn: enUS.nav.editpwd, menuId: null, keepAlive: false, component: null },
  '/template-free': { kind: 'templateFree', label: zhCN.nav.templateFree, labelEn: enUS.nav.templateFree, menuId: null, keepAlive: false, component: null },
};

/** An approval's detail (spec section 2: /activti/detail/{id}), opened from 我的待办 and the notices: one tab per approval. */
const WORKFLOW_DETAIL = /^\/activti\/detail\/[^/]+$/;

function fromEntry(key: string, entry: PageEntry): WorkspacePage {
  return {
    key,
    kind: key.startsWith(IFRAME_PREFIX) ? 'iframe' : 'menu',
    label: entry.label,
    labelEn: entry.labelEn,
    menuId: entry.menuId,
    keepAlive: entry.keepAlive,
    component: entry.component,
  };
}

/**
 * What a workspace address shows: a fixed page, a menu page, or an embedded external page; null
 * when nothing answers there (the caller then follows the redirect rule).
 */
export function resolveWorkspacePage(pathname: string, search: string, index: RouteIndex): WorkspacePage | null {
  const key = tabKey(pathname);
  const fixed = FIXED[key];
  if (fixed) return { key, ...fixed };
  if (WORKFLOW_DETAIL.test(key)) {
    return { key, kind: 'workflowDetail', label: WORKFLOW_DETAIL_LABEL.zh, labelEn: WORKFLOW_DETAIL_LABEL.en, menuId: null, keepAlive: false, component: null };
  }
  const entry = findEntry(index, key);
  if (entry) return fromEntry(entry.path, entry);
  // A shared /myiframe link of an entry this user lacks still names its page in the query.
  const q = new URLSearchParams(search);
  if (key.startsWith(IFRAME_PREFIX) && q.get('src')) {
    return { key, kind: 'iframe', label: q.get('name') ?? zhCN.nav.iframe, labelEn: q.get('nameEn'), menuId: q.get('menuId'), keepAlive: true, component: null };
  }
  return null;
}

export function tabOf(page: WorkspacePage, search: string): Tab {
  return { value: page.key, label: page.label, labelEn: page.labelEn, menuId: page.menuId, query: search.replace(/^\?/, ''), keepAlive: page.keepAlive };
}
