import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` runs the server inside packages/server; the data belongs at the project's root.
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Settings from the environment (DESIGN.md section 3); every one has a working default. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  captcha: boolean;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** failed sign-ins per account within the window before the account is locked for a while */
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  failureWindowSeconds: number;
  versionCode: string;
  webDist: string | null;
  /** Basic client credentials: the normal client and the lock-screen client */
  clients: Record<string, { secret: string; captcha: boolean }>;
  oidc: OidcConfig | null;
  logLevel: string;
  /** one log line per request in and out; off by default: it costs user-info throughput (bench/RESULTS.md) */
  logRequests: boolean;
  /** inactivity before the web locks the screen (spec: 2,400,000 ms) */
  lockAfterMs: number;
  /** demo environment: write calls are refused with 423 */
  demoMode: boolean;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string | null;
  scope: string;
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const oidc = env.OIDC_ISSUER
    ? {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        redirectUri: env.OIDC_REDIRECT_URI ?? `http://localhost:${int(env.PORT, 8080)}/login`,
        postLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI ?? null,
        scope: env.OIDC_SCOPE ?? 'openid profile',
      }
    : null;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(PROJECT_ROOT, 'data'),
    captcha: flag(env.CAPTCHA, true),
    accessTtlSeconds: int(env.ACCESS_TOKEN_TTL, 2 * 3600),
    refreshTtlSeconds: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    maxFailuresPerAccount: int(env.MAX_FAILURES_PER_ACCOUNT, 5),
    maxFailuresPerIp: int(env.MAX_FAILURES_PER_IP, 20),
    failureWindowSeconds: int(env.FAILURE_WINDOW_SECONDS, 15 * 60),
    versionCode: env.VERSION_CODE ?? 'V1.0.0-20261121',
    webDist: env.WEB_DIST ?? null,
    clients: {
      weighbridge: { secret: env.CLIENT_SECRET ?? 'weighbridge', captcha: true },
      'weighbridge-lock': { secret: env.LOCK_CLIENT_SECRET ?? 'weighbridge-lock', captcha: false },
    },
    oidc,
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: flag(env.LOG_REQUESTS, false),
    demoMode: flag(env.DEMO_MODE, false),
    lockAfterMs: int(env.LOCK_AFTER_MS, 2_400_000),
  };
}
