import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileUrlSecret } from './url-secret';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-secret-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the key of local file URLs', () => {
  it('is the configured one when FILE_URL_SECRET is set', async () => {
    expect((await fileUrlSecret('configured', path.join(dir, 'a'))).toString()).toBe('configured');
    expect(fs.existsSync(path.join(dir, 'a', '.url-signing-key'))).toBe(false);
  });

  it('is one key for instances starting at once on a shared folder, and the same after a restart', async () => {
    const folder = path.join(dir, 'shared');
    const keys = await Promise.all(Array.from({ length: 8 }, () => fileUrlSecret(null, folder)));
    expect(new Set(keys.map((k) => k.toString())).size).toBe(1);
    expect(keys[0].length).toBe(64);
    expect((await fileUrlSecret(null, folder)).equals(keys[0])).toBe(true);
  });
});
