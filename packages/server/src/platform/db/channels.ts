import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY as one server instance uses it: one connection of its own (outside
 * the pool, since a pooled connection is lent to anyone) listens to the channels the instance's
 * code asks for and hands each notification to that channel's handlers in this process. A
 * notification is told to every listening instance, its sender included, once its transaction
 * commits; its payload is at most 8000 bytes, so a sender sends keys (and small facts) and a
 * listener reads the rows.
 *
 * The listening connection can drop (a restart of the database, a network cut): it is opened
 * again with a growing pause, its channels listened to again, and each handler's `resync` is
 * called, since whatever was notified meanwhile was lost.
 */
export interface ChannelHandler {
  notified(payload: string): void;
  /** notifications may have been missed: read the state whole again */
  resync(): void;
}

/** The longest pause between two tries to open the listening connection again. */
const MAX_PAUSE_MS = 5_000;

export class Channels {
  private readonly handlers = new Map<string, Set<ChannelHandler>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private pause = 100;

  constructor(private readonly config: pg.ClientConfig) {}

  /** Resolves once this instance listens to the channel, so a state read after it misses no later notification. */
  async listen(channel: string, handler: ChannelHandler): Promise<() => void> {
    if (this.closed) throw new Error('channels closed');
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    try {
      const client = await this.connected();
      if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
      throw err;
    }
    return () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    this.handlers.clear();
    await client?.end().catch(() => {});
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    // an error on an idle client would otherwise be an unhandled 'error' event: the process would exit
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      for (const h of this.handlers.get(n.channel) ?? []) {
        try {
          h.notified(n.payload ?? '');
        } catch {
          // one handler's failure is its own
        }
      }
    });
    await client.connect();
    try {
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('channels closed');
    }
    this.client = client;
    this.pause = 100;
    return client;
  }

  /** The listening connection is gone: open another (after a pause that grows), then every handler reads again. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.reopen();
  }

  private reopen(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.closed || this.handlers.size === 0) return;
      this.connected().then(
        () => {
          for (const set of this.handlers.values()) for (const h of set) h.resync();
        },
        () => {
          this.pause = Math.min(this.pause * 2, MAX_PAUSE_MS);
          this.reopen();
        },
      );
    }, this.pause);
  }
}

const byPool = new WeakMap<pg.Pool, Channels>();

/** The instance's listening connection to the database of this pool (opened on the first listen). */
export function channelsOf(pool: pg.Pool): Channels {
  let c = byPool.get(pool);
  if (!c) {
    const { connectionString, host, port, user, password, database, ssl, options } = pool.options;
    c = new Channels({ connectionString, host, port, user, password, database, ssl, options, keepAlive: true });
    byPool.set(pool, c);
  }
  return c;
}

/** Closes the listening connection of this pool, if one was opened (the app's close). */
export async function closeChannels(pool: pg.Pool): Promise<void> {
  const c = byPool.get(pool);
  if (!c) return;
  byPool.delete(pool);
  await c.close();
}
