import * as client from 'openid-client';
import type { OidcConfig } from '../../../config';
import { loginNames } from './account';
import type { PendingSignIn } from './pending';

/** Who the provider says signed in: the ID token's subject and claims. */
export interface ProviderIdentity {
  subject: string;
  claims: Record<string, unknown>;
  accessToken: string;
}

export interface AuthorizationResponse {
  code: string;
  state: string;
  iss?: string;
}

/**
 * Trades the code for tokens and checks the ID token (issuer, audience, expiry, and the nonce of
 * this sign-in); the PKCE verifier proves to the provider that we asked for this code.
 */
export async function exchangeCode(
  provider: client.Configuration,
  oidc: OidcConfig,
  response: AuthorizationResponse,
  pending: PendingSignIn,
): Promise<ProviderIdentity> {
  const callback = new URL(redirectUriOf(oidc));
  callback.searchParams.set('code', response.code);
  callback.searchParams.set('state', response.state);
  // RFC 9207: the provider names itself in the redirect. The web may pass it on; when it does not,
  // the configured issuer stands in, since this server talks to exactly one provider.
  callback.searchParams.set('iss', response.iss ?? provider.serverMetadata().issuer);
  const tokens = await client.authorizationCodeGrant(provider, callback, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  return { subject: claims.sub, claims, accessToken: tokens.access_token };
}

/**
 * The claims naming the person. Providers that keep the ID token lean (as the standard asks for
 * the code flow) give names only at the userinfo endpoint, so it is asked when the token has none.
 */
export async function profileOf(provider: client.Configuration, identity: ProviderIdentity): Promise<Record<string, unknown>> {
  if (loginNames(identity.claims).length > 0 || !provider.serverMetadata().userinfo_endpoint) return identity.claims;
  const info = await client.fetchUserInfo(provider, identity.accessToken, identity.subject);
  return { ...identity.claims, ...info };
}

/** The redirect_uri exactly as sent to the provider in both legs of the flow. */
export function redirectUriOf(oidc: OidcConfig): string {
  return new URL(oidc.redirectUri).href;
}
