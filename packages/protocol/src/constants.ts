/** Business constants and limits (spec section 9). */
export const INACTIVITY_LOCK_MS = 2_400_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZES = [10, 20, 40, 80, 100] as const;
export const PAGE_SIZE_MAX = 100;
export const THEME_COLOR_DEFAULT = '#3c5fbd';
export const THEME_NAME_DEFAULT = 'theme-white';
/** The 8 preset theme colours of the colour picker; the first is the default. */
export const THEME_PRESETS = [
  '#3c5fbd', '#1890ff', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#722ed1',
] as const;
export const NOTIFY_MS = { short: 2000, medium: 6000, long: 10000 } as const;
export const FORCED_PASSWORD_REDIRECT_MS = 3000;
/** HTTP statuses the client does not turn into a generic error notification. */
export const STATUS_WHITELIST = [428] as const;
/** Routes that need no sign-in (spec: calls doc section 2, screens doc section 2). */
export const PUBLIC_ROUTES = ['/login', '/forgetpwd', '/register', '/lock', '/403', '/500', '/404', '/401', '/viewWeigh'] as const;
export const APP_TITLE = { zh: '统一称重管控平台', en: 'Unified Weighbridge Control Platform' } as const;
export const TENANT_HEADER = 'tenant-id';
export const ROUTE_PATH_HEADER = 'x-route-path';
/** Header of a 403 that names the permission key the route wanted. */
export const MISSING_PERMISSION_HEADER = 'x-missing-permission';
/**
 * The card-reader bridge on the operator's PC (domain notes: hardware), a local WebSocket service
 * the web talks to; the server's Content-Security-Policy lets the web connect to it.
 */
export const CARD_READER_BRIDGE_URL = 'ws://127.0.0.1:61214';
