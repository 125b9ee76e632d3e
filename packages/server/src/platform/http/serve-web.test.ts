import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

// The built web app goes out in the compressed copy the build made beside each file
// (packages/web/build/precompress.ts), chosen by the browser's Accept-Encoding.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-web-'));
const ASSET = '/assets/index-abc123.js';
const script = Array.from({ length: 400 }, (_, i) => `export const label${i} = "称重 ${i}";`).join('\n');
const small = 'export const x = 1;';

function write(file: string, text: string, compressed = true): void {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  if (!compressed) return;
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
beforeAll(async () => {
  write('index.html', '<!doctype html><title>统一称重管控平台</title>', false);
  write(ASSET, script);
  write('assets/tiny-def456.js', small, false);
  write('help.html', `<!doctype html><title>帮助</title>${'<p>称重帮助</p>'.repeat(200)}`);
  write('driver.html', '<!doctype html><title>司机自助</title>', false);
  write('driver/sw.js', 'self.addEventListener("fetch", () => {});', false);
  app = (await createTestApp({ WEB_DIST: dist })).app;
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed web assets', () => {
  it('sends brotli to a browser that accepts it, and the bytes are the file', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(script) / 2);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts gzip only', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const header of [undefined, 'identity']) {
      const res = await get(ASSET, header);
      expect(res.statusCode, String(header)).toBe(200);
      expect(res.headers['content-encoding'], String(header)).toBeUndefined();
      expect(res.body).toBe(script);
    }
  });

  it('sends a file the build left uncompressed as it is, whatever the browser accepts', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(small);
  });

  it('keeps hashed assets for good and tells caches the answer depends on Accept-Encoding', async () => {
    for (const header of ['br', 'gzip', undefined]) {
      const res = await get(ASSET, header);
      expect(res.headers['cache-control'], String(header)).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, String(header)).toMatch(/accept-encoding/i);
    }
  });

  it('compresses pages that change with a release too, but lets no one keep them', async () => {
    const res = await get('/help.html', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('称重帮助');
  });

  it('answers the client router with index.html that is never cached', async () => {
    const res = await get('/clouds/index', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('统一称重管控平台');
  });
});

describe('the driver\'s page', () => {
  it('answers driver.html at /driver/ and below it, and its built files as files', async () => {
    for (const url of ['/driver/', '/driver/bookings']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('司机自助');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/driver')).headers.location).toBe('/driver/');
    const sw = await get('/driver/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toContain('addEventListener');
    // the main app keeps every other path
    expect((await get('/registry/pu')).body).toContain('统一称重管控平台');
  });
});
