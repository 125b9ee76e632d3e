/** The name of the constraint PostgreSQL refused a write with, if that is what happened. */
export function constraintName(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string } | null;
  return e && typeof e.code === 'string' && e.code.startsWith('23') ? (e.constraint ?? null) : null;
}
