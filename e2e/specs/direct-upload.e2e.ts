import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, screenshotFailures } from '../support/browser';
import { sql } from '../support/db';
import { listScreen, rows } from '../support/list-screen';
import { pageToken, signIn, USERS } from '../support/login';
import { type RunningServer, startServer } from '../support/server';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// The direct upload (直传) in a real browser: the server keeps its files in an S3-compatible store
// (s3rver, started here), and a vehicle photo over the direct-upload threshold goes from the page
// straight to the store by the presigned PUT the spec's cloudStsToken call hands out; the server
// registers it, and it opens again from the record.

const BUCKET = 'wb-e2e-direct';
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => (b.reduce((c, x) => CRC[(c ^ x) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/** A camera-sized photo of noise (it does not compress): over the 5 MB threshold as a PNG. */
function noisePng(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  randomBytes(raw.length).copy(raw);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', head), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}
const PHOTO = noisePng(1600, 1200);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let store: S3rver;
let storeDir: string;
let storeOrigin: string;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-s3-'));
  store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storeDir, configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
  const { port } = await store.run();
  storeOrigin = `http://127.0.0.1:${port}`;
  [server, browser] = await Promise.all([
    startServer({ env: { S3_ENDPOINT: storeOrigin, S3_REGION: 'us-east-1', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } }),
    launchBrowser(),
  ]);
  ({ context, page } = await newPage(browser, server.baseUrl));
  await signIn(page, server.databaseUrl, USERS.operator);
});
screenshotFailures(() => page);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await store?.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

describe('a large photo straight to the object store', () => {
  it('goes from the page to the store by the presigned PUT, is registered, saved with the vehicle and opens again', async () => {
    expect(PHOTO.length).toBeGreaterThan(5 * 1024 * 1024);
    const seen: Request[] = [];
    page.on('request', (r) => seen.push(r));
    await openMenuLeaf(page, '/masterdata', '/masterdata/vehicle');
    const body = await rows(page);
    await body.nth(0).locator('.ant-checkbox-input').check();
    await listScreen(page).getByTestId('btn-update').click();
    const form = page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    await settled(page);
    const plate = await form.locator('#plateNumber').inputValue();
    const photo = form.locator('.ant-form-item').filter({ has: page.locator('label[title="行驶证照片"]') });
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().startsWith(`${storeOrigin}/${BUCKET}/`));
    const finished = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sys-file/direct/finish');
    await photo.locator('input[type="file"]').setInputFiles({ name: '行驶证.png', mimeType: 'image/png', buffer: PHOTO });
    expect((await put).status()).toBe(200);
    const registered = (await (await finished).json()).data as { id: string; size: number; sha256: string };
    expect(registered).toMatchObject({ size: PHOTO.length, sha256: sha256(PHOTO) });
    // the PUT was asked for through the spec's call, and no byte of the photo went to the server
    const asked = seen.map((r) => new URL(r.url())).filter((u) => u.pathname === '/api/sys-file/credential');
    expect(asked.map((u) => u.searchParams.get('key'))).toEqual(['cloudStsToken']);
    expect(seen.filter((r) => new URL(r.url()).pathname === '/api/sys-file/upload')).toEqual([]);
    // the thumbnail opens from the store itself (a presigned GET)
    const thumb = photo.locator('.wb-image-thumb img');
    await thumb.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).naturalWidth === 1600, await thumb.elementHandle());
    await screenshot(page, 'direct-upload-photo');
    await form.locator('[data-action="submit"]').click();
    await confirmDialog(page, '确定更新此条数据?');
    await form.waitFor({ state: 'hidden' });
    const [row] = await sql<{ photo: string | null }>(server.databaseUrl, 'SELECT driving_license_photo_id::text AS photo FROM md_vehicle WHERE plate_number = $1', [plate]);
    expect(row.photo).toBe(String(registered.id));
    // downloadable: the image call answers the very bytes the page sent
    const token = await pageToken(page);
    const back = await fetch(`${server.baseUrl}/api/sys-file-type/img/${registered.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(back.status).toBe(200);
    expect(sha256(Buffer.from(await back.arrayBuffer()))).toBe(sha256(PHOTO));
  });
});
