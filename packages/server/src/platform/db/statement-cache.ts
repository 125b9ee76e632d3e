import crypto from 'node:crypto';
import pg from 'pg';

/** Statements one connection keeps prepared at most; a backend holds each one's parse tree and plan. */
export const PREPARED_PER_CONNECTION = 256;
/** Texts one connection counts before it forgets the ones seen once (list searches vary endlessly). */
const COUNTED_PER_CONNECTION = 4096;

/**
 * Statements planned right only with their values in hand, which a prepared statement's generic
 * plan (PostgreSQL's choice after five runs) does not have: an ON CONFLICT whose target has a WHERE
 * finds its arbiter among partial unique indexes by the values of that WHERE, and EXPLAIN is asked
 * for the estimate of these very values. An upsert on a plain unique key (a customer's account
 * moved by every sales weighing) is prepared like any statement.
 */
const NEEDS_VALUES_TO_PLAN = /\bON\s+CONFLICT\s*\([^)]*\)\s*WHERE\b|^\s*EXPLAIN\b/i;

/**
 * A connection that prepares the statements it runs again. PostgreSQL parses and plans a plain
 * parameterised statement on every call; for the short statements a weighing or a screen runs that
 * costs as much as executing them (bench/RESULTS.md), so a text seen a second time on a connection
 * is sent as a named statement, parsed once there and planned by PostgreSQL's plan cache. Only
 * statements with parameters qualify (a text without them may hold several commands, as a
 * migration does), and at most PREPARED_PER_CONNECTION per connection, so one-off texts never
 * pile up in the backend. The name is the text's hash: equal texts share a plan, different texts
 * never collide.
 */
export class StatementCachingClient extends pg.Client {
  /** text -> its statement name once prepared, or 1 while it was seen only once */
  private readonly seen = new Map<string, string | 1>();
  private preparedCount = 0;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's query has a dozen overloads; only the plain (text, values[, callback]) call is renamed.
    // pg.Client's own query is looked up at each call, so whatever wraps it (a test's probe) still sees every call.
    this.query = ((...args: unknown[]) => {
      const plain = (a: unknown[]) => (pg.Client.prototype.query as (...x: unknown[]) => unknown).apply(this, a);
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 && !NEEDS_VALUES_TO_PLAN.test(text) ? this.nameFor(text) : null;
      return name ? plain([{ name, text, values }, ...args.slice(2)]) : plain(args);
    }) as pg.Client['query'];
  }

  private nameFor(text: string): string | null {
    const known = this.seen.get(text);
    if (known === undefined) {
      if (this.seen.size >= COUNTED_PER_CONNECTION) this.forgetSeenOnce();
      this.seen.set(text, 1);
      return null;
    }
    if (known !== 1) return known;
    if (this.preparedCount >= PREPARED_PER_CONNECTION) return null;
    this.preparedCount += 1;
    const name = `s${crypto.createHash('sha1').update(text).digest('base64url')}`;
    this.seen.set(text, name);
    return name;
  }

  private forgetSeenOnce(): void {
    for (const [text, v] of this.seen) if (v === 1) this.seen.delete(text);
  }
}
