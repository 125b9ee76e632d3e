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
  try {
    // 'wx': two instances starting at once cannot both write one; the loser reads the winner's
    await fs.writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'utf8');
}
