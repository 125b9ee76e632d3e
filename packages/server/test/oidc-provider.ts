import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type Interaction } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for tests and local trials. Sign-in needs no
 * browser: an authorization request carrying `login_hint=<sub>` of a known account is logged in
 * and consented at once. Without a hint the provider shows a page with one button per account,
 * which a person or a browser test can click.
 */
export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

export type AccountClaims = Record<string, unknown>;

export interface TestProviderOptions {
  port?: number;
  clients: TestClient[];
  /** claims by subject; `sub` itself is added */
  accounts: Record<string, AccountClaims>;
}

export interface TestProvider {
  issuer: string;
  /** Follows an authorization URL through the provider as `sub`; returns where it sends the browser back. */
  login(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, await providerConfiguration(options));
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, options.accounts, req, res).catch((err: Error) => {
        res.statusCode = 500;
        res.end(`interaction failed: ${err.message}`);
      });
    } else {
      callback(req, res);
    }
  });
  return {
    issuer,
    login: (url, sub) => followLogin(issuer, url, sub),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function providerConfiguration(options: TestProviderOptions): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-rs256', alg: 'RS256', use: 'sig' };
  return {
    clients: options.clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => {
      const claims = Object.hasOwn(options.accounts, sub) ? options.accounts[sub] : undefined;
      return claims ? { accountId: sub, claims: () => ({ ...claims, sub }) } : undefined;
    },
    // A relying party that skipped PKCE must fail against this provider, not pass by accident.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
}

async function interact(provider: Provider, accounts: Record<string, AccountClaims>, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'consent') {
    await provider.interactionFinished(req, res, { consent: { grantId: await grantAll(provider, details) } }, { mergeWithLastSubmission: true });
    return;
  }
  const chosen = req.method === 'POST' ? new URLSearchParams(await readBody(req)).get('sub') : details.params.login_hint;
  if (typeof chosen === 'string' && Object.hasOwn(accounts, chosen)) {
    await provider.interactionFinished(req, res, { login: { accountId: chosen } }, { mergeWithLastSubmission: false });
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(loginPage(details.uid, accounts));
}

/** Grants whatever the request asked for: the test provider stands in for a user who always agrees. */
async function grantAll(provider: Provider, details: Interaction): Promise<string> {
  const accountId = details.session?.accountId ?? '';
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) throw new Error('grant vanished');
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, accounts: Record<string, AccountClaims>): string {
  const buttons = Object.entries(accounts)
    .map(([sub, claims]) => {
      const label = String(claims.preferred_username ?? claims.email ?? sub);
      return `<button type="submit" name="sub" value="${escapeHtml(sub)}">${escapeHtml(label)} (${escapeHtml(sub)})</button>`;
    })
    .join('\n');
  return `<!DOCTYPE html><html><head><title>Test identity provider</title></head><body>
<h1>Sign in as</h1><form method="post" action="/interaction/${escapeHtml(uid)}/login">${buttons}</form></body></html>`;
}

/**
 * Walks the provider's redirects with a cookie jar, as a browser would, until the provider sends
 * the browser somewhere else (the relying party's redirect_uri with code and state, or an error).
 */
async function followLogin(issuer: string, authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  next.searchParams.set('login_hint', sub);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== new URL(issuer).origin) return next;
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of res.headers.getSetCookie()) keepCookie(jar, header);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${next.pathname} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}

function keepCookie(jar: Map<string, string>, header: string): void {
  const [pair, ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now());
  if (expired || value === '') jar.delete(name);
  else jar.set(name, value);
}

/** Standalone: `PORT=9400 npx tsx packages/server/test/oidc-provider.ts` for trying sign-in by hand. */
async function runStandalone(): Promise<void> {
  const web = process.env.WEB_ORIGIN ?? 'http://localhost:8080';
  const provider = await startTestProvider({
    port: Number(process.env.PORT ?? 9400),
    clients: [{
      client_id: process.env.OIDC_CLIENT_ID ?? 'weighbridge-web',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'weighbridge-web-secret',
      redirect_uris: [`${web}/login`, `${web}/clouds/index`],
      post_logout_redirect_uris: [`${web}/login`],
    }],
    accounts: {
      'idp-admin': { preferred_username: 'admin', name: '系统管理员', email: 'admin@hdjt.example.com', email_verified: true },
      'idp-operator': { preferred_username: 'operator', name: '王司磅' },
      'idp-stranger': { preferred_username: 'stranger', name: '外来人员' },
    },
  });
  console.log(provider.issuer);
  const stop = () => provider.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
