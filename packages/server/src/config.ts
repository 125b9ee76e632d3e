import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplicaConfig } from './platform/db/replica';

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
  /** where uploaded files live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set */
  storage: StorageConfig;
  /** origins of external pages the menu embeds in the workspace (CSP frame-src), from CSP_FRAME_SRC */
  frameSources: string[];
  /** JOBS: this instance runs scheduled jobs and queued work (platform/jobs); off, it only sends work */
  jobs: boolean;
  /** JOBS_POLL_SECONDS: how often an idle job worker asks for work */
  jobPollSeconds: number;
  /** PLANT_TIME_ZONE: the zone schedules (cron) are read in */
  timeZone: string;
  /** BACKUP_KEEP_DAYS: the nightly backups kept under DATA_DIR/backups */
  backupKeepDays: number;
  /** JOB_HISTORY_DAYS: how long the scheduled jobs' run history is kept */
  jobHistoryDays: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For / -Proto / -Host are believed (Fastify's trustProxy): false
   * (unset: none), the reverse proxy's addresses or networks (`10.0.0.5`, `10.0.0.0/24,10.0.1.7`,
   * `loopback`), or true (`1`: any sender, only for an instance no one but the proxy can reach)
   */
  trustProxy: boolean | string[];
  /**
   * DATABASE_REPLICA_URL: a hot-standby replica that reports, exports, statements and the lists
   * read (platform/db/replica.ts); REPLICA_MAX_LAG_SECONDS: further behind, the primary answers;
   * REPLICA_CHECK_MS: how long one look at its state is trusted
   */
  replica: ReplicaConfig;
}

/** The sweep of unattached uploads (platform/files/sweep.ts): how old they must be, and how often it runs (0: never). */
export interface FileSweepConfig { orphanGraceMs: number; sweepIntervalMs: number }

export type StorageConfig =
  | ({ kind: 'local'; dir: string; urlSecret: string | null; maxFileBytes: number } & FileSweepConfig)
  | ({ kind: 's3'; urlSecret: string | null; maxFileBytes: number } & S3Config & FileSweepConfig);

export interface S3Config {
  /** null: AWS itself; else the address of a compatible service (MinIO, OSS, COS...) */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** the role the cloudStsToken call assumes for browser-side uploads; null: the call is off */
  stsRoleArn: string | null;
  stsEndpoint: string | null;
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

function storageFrom(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  // FILE_URL_SECRET must be the same on every instance; unset, one is kept beside the files
  const common = {
    urlSecret: env.FILE_URL_SECRET || null, maxFileBytes: int(env.FILE_MAX_BYTES, 10 * 1024 * 1024),
    orphanGraceMs: int(env.FILE_ORPHAN_GRACE_HOURS, 24) * 3_600_000, sweepIntervalMs: int(env.FILE_SWEEP_INTERVAL_MS, 3_600_000),
  };
  if (!env.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files'), ...common };
  return {
    kind: 's3',
    ...common,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT)),
    stsRoleArn: env.S3_STS_ROLE_ARN || null,
    stsEndpoint: env.S3_STS_ENDPOINT || null,
  };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY read: off, on (any sender), or the proxy's addresses and networks; anything else stops the start, naming it. */
export function trustProxyFrom(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (['1', 'true', 'on', 'yes'].includes(v.toLowerCase())) return true;
  const entries = v.split(/[\s,]+/).filter(Boolean);
  for (const e of entries) {
    const [address, bits, more] = e.split('/');
    const family = isIP(address ?? '');
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(e) && (family === 0 || !prefixOk || more !== undefined)) {
      throw new Error(`TRUST_PROXY: ${e} is not an address, a network (address/bits) or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

/** Web origins, space- or comma-separated; an address counts by its origin, anything not http(s) is dropped. */
function origins(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).flatMap((s) => {
    try {
      const url = new URL(s);
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
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
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(PROJECT_ROOT, 'data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
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
    storage: storageFrom(env, dataDir),
    frameSources: origins(env.CSP_FRAME_SRC),
    jobs: flag(env.JOBS, true),
    jobPollSeconds: Math.max(0.5, int(env.JOBS_POLL_SECONDS, 2)),
    timeZone: env.PLANT_TIME_ZONE || 'Asia/Shanghai',
    backupKeepDays: Math.max(1, int(env.BACKUP_KEEP_DAYS, 7)),
    jobHistoryDays: Math.max(1, int(env.JOB_HISTORY_DAYS, 14)),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    replica: {
      url: env.DATABASE_REPLICA_URL || null,
      maxLagSeconds: Math.max(0, int(env.REPLICA_MAX_LAG_SECONDS, 10)),
      checkMs: Math.max(0, int(env.REPLICA_CHECK_MS, 1_000)),
    },
  };
}
