import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Standby {
  port: number;
  /** the address of a database on the standby, as `primaryUrl` names it on the primary */
  url(primaryUrl: string): string;
  stop(): Promise<void>;
}

// Left out of the copy: the running server's own files, and what the standby makes or streams itself.
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pg_replslot', 'pg_stat_tmp', 'log']);

/**
 * A hot standby of the test PostgreSQL (the cluster at `adminUrl`), made from the same embedded
 * binaries: a base backup through PostgreSQL's own API (pg_backup_start, a copy of the data
 * directory, pg_backup_stop and its backup label), standby.signal and primary_conninfo, and a
 * physical replication slot that keeps the WAL it needs. Started as the data directory's owner.
 * Its directory is made under `parent` (the system's temporary directory unless named).
 */
export async function startStandby(adminUrl: string, parent = os.tmpdir()): Promise<Standby> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const slot = `wb_standby_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(parent, 'wb-standby-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = 59000 + Math.floor(Math.random() * 900);
  let child: ChildProcess | null = null;
  try {
    const source = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
    const maxConnections = (await admin.query<{ max_connections: string }>('SHOW max_connections')).rows[0]!.max_connections;
    await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await admin.query("SELECT pg_backup_start('standby for a test', true)");
    fs.cpSync(source, dataDir, { recursive: true, filter: (from) => !SKIPPED.has(path.relative(source, from)) });
    const { rows: [stop] } = await admin.query<{ labelfile: string; spcmapfile: string | null }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(true)');
    fs.writeFileSync(path.join(dataDir, 'backup_label'), stop!.labelfile);
    if (stop!.spcmapfile) fs.writeFileSync(path.join(dataDir, 'tablespace_map'), stop!.spcmapfile);
    for (const d of ['pg_wal/archive_status', 'pg_wal/summaries', 'pg_replslot', 'pg_stat_tmp']) fs.mkdirSync(path.join(dataDir, d), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'standby.signal'), '');
    const primary = new URL(adminUrl);
    const conninfo = `host=${primary.hostname} port=${primary.port} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)}`;
    fs.appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `\nprimary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`);
    const owner = fs.statSync(source);
    if (process.getuid?.() === 0) chownTree(dir, owner.uid, owner.gid);
    fs.chmodSync(dataDir, 0o700);
    child = spawn(postgresBinaryOf(source),
      ['-D', dataDir, '-p', String(port), '-c', `max_connections=${maxConnections}`, '-c', 'fsync=off'],
      process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {});
    await readyForReading(child);
  } catch (err) {
    child?.kill('SIGINT');
    await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]).catch(() => undefined);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const running = child;
  let stopped = false;
  return {
    port,
    url: (primaryUrl) => {
      const u = new URL(primaryUrl);
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((resolve) => {
        if (running.exitCode !== null) return resolve();
        running.once('exit', () => resolve());
        running.kill('SIGINT'); // fast shutdown
      });
      // the slot would keep the primary's WAL for ever once nothing reads it
      for (let i = 0; i < 50; i++) {
        const { rowCount } = await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]);
        if (rowCount || !(await admin.query('SELECT 1 FROM pg_replication_slots WHERE slot_name = $1', [slot])).rowCount) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The very binary the primary runs (its postmaster's executable): a standby must be of the same build. */
function postgresBinaryOf(dataDir: string): string {
  const pid = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  return fs.readlinkSync(`/proc/${pid}/exe`);
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, uid, gid);
    else fs.chownSync(p, uid, gid);
  }
}

/** Waits for the standby's own words that it takes read-only connections; its last words if it dies first. */
function readyForReading(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const said: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      said.push(text);
      if (said.length > 40) said.shift();
      if (text.includes('ready to accept read-only connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the standby exited (${code}) before taking connections:\n${said.join('')}`)));
  });
}
