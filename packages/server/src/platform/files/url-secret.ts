import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const SECRET_FILE = '.url-signing-key';

/**
 * The key that signs local file URLs. FILE_URL_SECRET when set; else one kept beside the files,
 * created on first start: instances sharing the local disk share it, and links survive restarts.
 */
export async function fileUrlSecret(configured: string | null, filesDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(filesDir, SECRET_FILE);
  await fs.mkdir(filesDir, { recursive: true });
  // written whole aside, then linked into place: link fails if the file exists, so of two instances
  // starting at once one wins, and the other never reads a half-written key
  const candidate = `${file}.${randomBytes(8).toString('hex')}`;
  await fs.writeFile(candidate, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    await fs.link(candidate, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(candidate, { force: true });
  }
  const key = (await fs.readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key; remove it or set FILE_URL_SECRET`);
  return Buffer.from(key, 'utf8');
}
