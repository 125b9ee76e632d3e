import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, SignableFile, StoredObject } from './storage';
import { signFileUrl } from './url-signature';

/** Files under DATA_DIR/files, served back through the server's HMAC-signed route. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';

  constructor(
    private readonly dir: string,
    private readonly secret: Buffer,
  ) {}

  /** Keys are written by the server only, but a path is never trusted to stay inside the folder. */
  private pathOf(key: string): string {
    const full = path.resolve(this.dir, key);
    if (!full.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`storage key outside the files folder: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // written aside and renamed: a reader never sees half a file
    const temp = `${target}.${randomUUID()}.part`;
    await fsp.writeFile(temp, body, { flag: 'wx' });
    await fsp.rename(temp, target);
  }

  async putStream(key: string, body: Readable): Promise<number> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      const { size } = await fsp.stat(temp);
      await fsp.rename(temp, target);
      return size;
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fsp.access(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** The uploads only (keys start with org/): the URL key and anything else kept in the folder are not files. */
  async *list(): AsyncIterable<StoredObject> {
    const root = path.resolve(this.dir);
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(root, 'org'), { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (!e.isFile()) continue;
      const full = path.join(e.parentPath, e.name);
      const stat = await fsp.stat(full).catch(() => null);
      if (stat) yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: stat.mtime };
    }
  }

  async signedUrl(file: SignableFile, nowMs: number, ttlSeconds: number): Promise<string> {
    return signFileUrl(file, nowMs, ttlSeconds, this.secret);
  }
}
