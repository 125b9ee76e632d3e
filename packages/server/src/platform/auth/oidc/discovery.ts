import * as client from 'openid-client';
import type { OidcConfig } from '../../../config';

/**
 * The provider's metadata, discovered once per process and per client. A failed discovery is
 * forgotten, so the next sign-in tries again; background refreshes (for the public client
 * config) wait a while between attempts so a provider that is down is not called on every page.
 */
interface Entry {
  pending: Promise<client.Configuration> | null;
  value: client.Configuration | null;
  failedAt: number;
}

const RETRY_IN_BACKGROUND_AFTER_MS = 30_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const entries = new Map<string, Entry>();

const keyOf = (oidc: OidcConfig) => JSON.stringify([oidc.issuer, oidc.clientId, oidc.clientSecret]);

/** The provider's configuration, discovering it if this process has not yet. */
export function discover(oidc: OidcConfig): Promise<client.Configuration> {
  const entry = entryFor(oidc);
  if (entry.value) return Promise.resolve(entry.value);
  entry.pending ??= fetchConfiguration(oidc).then(
    (value) => {
      entry.value = value;
      entry.pending = null;
      return value;
    },
    (err: unknown) => {
      entry.failedAt = Date.now();
      entry.pending = null;
      throw err;
    },
  );
  return entry.pending;
}

/** What is known right now, never waiting; starts a discovery in the background if none ran lately. */
export function discovered(oidc: OidcConfig): client.Configuration | null {
  const entry = entryFor(oidc);
  if (!entry.value && !entry.pending && Date.now() - entry.failedAt > RETRY_IN_BACKGROUND_AFTER_MS) {
    discover(oidc).catch(() => {});
  }
  return entry.value;
}

function entryFor(oidc: OidcConfig): Entry {
  const key = keyOf(oidc);
  let entry = entries.get(key);
  if (!entry) {
    entry = { pending: null, value: null, failedAt: 0 };
    entries.set(key, entry);
  }
  return entry;
}

function fetchConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  // An http:// issuer is the operator's explicit choice (a plant intranet or a local trial).
  const insecure = new URL(oidc.issuer).protocol === 'http:';
  return client.discovery(
    new URL(oidc.issuer),
    oidc.clientId,
    { client_secret: oidc.clientSecret },
    // client_secret_basic is what OpenID Connect assumes when a client registers no method.
    client.ClientSecretBasic(oidc.clientSecret),
    { execute: insecure ? [client.allowInsecureRequests] : [], timeout: DISCOVERY_TIMEOUT_SECONDS },
  );
}
