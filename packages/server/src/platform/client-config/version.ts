/** The schema's number from the name of the last migration applied (088_branding.sql: 088). */
export function schemaNumber(migration: string | null): string | null {
  return migration ? (/^(\d+)_/.exec(migration)?.[1] ?? null) : null;
}

/** A commit given by the build (BUILD_COMMIT): a hex hash, short or full; anything else is no commit. */
export function buildCommit(raw: string | undefined): string | null {
  const v = raw?.trim().toLowerCase();
  return v && /^[0-9a-f]{7,40}$/.test(v) ? v : null;
}
