import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

describe('an embedded PostgreSQL that cannot start', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-embedded-'));
  fs.chmodSync(dir, 0o777);
  const blocker = net.createServer();
  afterAll(async () => {
    await new Promise((r) => blocker.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails with an error naming the port and PostgreSQL\'s own words, not with nothing', async () => {
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const { port } = blocker.address() as net.AddressInfo;
    const started = startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false });
    const err = await started.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`port ${port}`);
    expect((err as Error).message).toMatch(/could not bind|in use|could not create/i);
  }, 60_000);
});
