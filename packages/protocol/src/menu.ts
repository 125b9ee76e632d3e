/** A menu entry as the server sends it (spec section 3: menu item). */
export interface MenuItem {
  id: string;
  parentId: string | null;
  label: string;
  title: string;
  /** English label; the web shows it when the language is English */
  labelEn: string | null;
  icon: string | null;
  path: string;
  urlPath: string | null;
  component: string | null;
  /** 1 = the page is kept alive (cached) between tab switches */
  keepAlive: 0 | 1;
  query: string | null;
  children: MenuItem[];
  buttonUrls: string[];
  group: string | null;
  meta: { roles: string[] };
  /** 'app' entries belong to the handset app and are dropped by the web */
  menuFlag: 'web' | 'app';
  /** a page the sidebar and the menu search leave out; its route stays (a form opened from its list) */
  hidden?: boolean;
}

/** A button-permission entry: it becomes a route keyed by id and a key in the permission map. */
export interface MenuButton {
  id: string;
  menuId: string;
  name: string;
  label: string;
  /** English label; the web shows it when the language is English */
  labelEn: string | null;
  icon: string | null;
  permision: string;
  path: string | null;
  component: string | null;
  menuFlag: 'web' | 'app';
}

export interface NavReply {
  menu: MenuItem[];
  buttons: MenuButton[];
  permissions: Record<string, true>;
  roles: string[];
  versionCode: string;
}

export interface RegisterPermissionBody {
  menuId: string;
  permission: string;
  methods: string[];
}
