-- External sign-in in flight: between the redirect to the identity provider and the code coming
-- back, the PKCE verifier and the nonce wait here (keyed by state), so whichever server instance
-- receives the code can finish the sign-in. A row is consumed once, or expires.
CREATE TABLE auth_oidc_state (
  state          text PRIMARY KEY,
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  return_path    text NOT NULL,
  expires_at     timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_oidc_state_expires_idx ON auth_oidc_state (expires_at);
