import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedOnTheWay, firstClosedDirectory } from './os-user-access';

describe('directories the embedded PostgreSQL user must enter', () => {
  it('names the first directory on the way that others may not enter', () => {
    const modes: Record<string, number> = { '/': 0o755, '/srv': 0o755, '/srv/app': 0o700, '/srv/app/data': 0o755 };
    expect(firstClosedDirectory('/srv/app/data/pg', (d) => modes[d] ?? null)).toBe('/srv/app');
  });

  it('passes a path every part of which others may enter, and stops at parts not made yet', () => {
    const modes: Record<string, number> = { '/': 0o755, '/srv': 0o711 };
    expect(firstClosedDirectory('/srv/new/pg', (d) => modes[d] ?? null)).toBeNull();
  });

  it('lets the data directory itself be closed: PostgreSQL keeps it 0700 for its own user', () => {
    const modes: Record<string, number> = { '/': 0o755, '/srv': 0o755, '/srv/data': 0o755, '/srv/data/pg': 0o700, '/srv/bin': 0o755 };
    expect(closedOnTheWay('/srv/bin', '/srv/data/pg', (d) => modes[d] ?? null)).toBeNull();
    modes['/srv/data'] = 0o700;
    expect(closedOnTheWay('/srv/bin', '/srv/data/pg', (d) => modes[d] ?? null)).toBe('/srv/data');
  });

  it('reads the real file system', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-closed-'));
    fs.chmodSync(dir, 0o700);
    expect(firstClosedDirectory(path.join(dir, 'pg'))).toBe(dir);
    fs.chmodSync(dir, 0o755);
    expect(firstClosedDirectory(path.join(dir, 'pg'))).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });
});
