import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp } from '../../../test/harness';
import { imageOrigins } from './security-headers';

// Every answer carries the browser-side hardening: the API, the app shell, its assets, the help page.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>统一称重管控平台</title>');
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'export const x = 1;');
fs.writeFileSync(path.join(dist, 'help.html'), '<!doctype html><title>帮助</title>');

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
let app: App;
let behindProxy: App;
let behindNamedProxy: App;
let inBucket: App;
beforeAll(async () => {
  inBucket = (await createTestApp({ S3_BUCKET: 'wb-files', S3_ENDPOINT: 'http://10.0.0.5:9000', FILE_SWEEP_INTERVAL_MS: '0' })).app;
  app = (await createTestApp({ WEB_DIST: dist, CSP_FRAME_SRC: 'https://bi.example.com/board, javascript:alert(1)' })).app;
  // Fastify reads TRUST_PROXY when the app is built
  behindProxy = (await createTestApp({ TRUST_PROXY: '1' })).app;
  behindNamedProxy = (await createTestApp({ TRUST_PROXY: '10.9.9.9' })).app;
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const API_ANSWERS = [
  ['the API', '/api/config/client'],
  ['an API error', '/api/no-such-call'],
  ['the captcha', '/api/code/image?randomStr=abcdefgh12'],
] as const;
const PAGES = [
  ['the app shell', '/weigh/pu'],
  ['a built asset', '/assets/index-abc123.js'],
] as const;

describe('security headers', () => {
  it.each([...API_ANSWERS, ...PAGES])('are on %s', async (_what, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it.each(PAGES)('give %s the page policy: scripts and everything else from this origin only', async (_what, url) => {
    const csp = directives((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it.each(API_ANSWERS)('give %s the short API policy: nothing may load from a JSON answer', async (_what, url) => {
    const header = String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(directives(header).get('default-src')).toEqual(["'none'"]);
    expect(header.length).toBeLessThan(60);
  });

  it('let nothing be evaluated and no script come from anywhere but this origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toContain('unsafe-eval');
    expect(header).not.toMatch(/(^|\s)\*(\s|;|$)/);
    expect(directives(header).get('script-src-attr')).toEqual(["'none'"]);
    // the API and the live stream of this origin, and the card reader's bridge on the operator's PC
    expect(directives(header).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:61214']);
  });

  it('let the workspace frame the help page, and only the workspace', async () => {
    const res = await app.inject({ method: 'GET', url: '/help.html' });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('let the workspace frame an embedded report (frView\'s path), and the app itself nowhere', async () => {
    const report = await app.inject({ method: 'GET', url: '/report-embed/daily?admin=' });
    expect(directives(report.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(report.headers['x-frame-options']).toBe('SAMEORIGIN');
    const workspace = await app.inject({ method: 'GET', url: '/reportforms/daily' });
    expect(directives(workspace.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allow frames from the configured external pages by origin, and drop what is no web address', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual(["'self'", 'blob:', 'https://bi.example.com']);
  });

  it('send no HSTS over plain http, even behind a trusted proxy', async () => {
    for (const target of [app, behindProxy]) {
      const res = await target.inject({ method: 'GET', url: '/api/config/client' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const forwardedHttp = await behindProxy.inject({ method: 'GET', url: '/api/config/client', headers: { 'x-forwarded-proto': 'http' } });
    expect(forwardedHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS when a trusted proxy says the browser came over https', async () => {
    const res = await behindProxy.inject({ method: 'GET', url: '/api/config/client', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('believe x-forwarded-proto from the proxy TRUST_PROXY names, and from no other sender', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    const fromProxy = await behindNamedProxy.inject({ method: 'GET', url: '/api/config/client', headers, remoteAddress: '10.9.9.9' });
    expect(fromProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const fromElsewhere = await behindNamedProxy.inject({ method: 'GET', url: '/api/config/client', headers, remoteAddress: '10.9.9.10' });
    expect(fromElsewhere.headers['strict-transport-security']).toBeUndefined();
  });

  it('believe no x-forwarded-proto without TRUST_PROXY', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/client', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('image sources', () => {
  it('are this server alone with files on local disk', async () => {
    expect(await imageOrigins(loadConfig({}).storage)).toEqual([]);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy']).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('add the bucket where presigned GETs point, as the SDK writes them', async () => {
    const minio = loadConfig({ S3_BUCKET: 'wb-files', S3_ENDPOINT: 'http://10.0.0.5:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(await imageOrigins(minio.storage)).toEqual(['http://10.0.0.5:9000']);
    const aws = loadConfig({ S3_BUCKET: 'wb-files', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(await imageOrigins(aws.storage)).toEqual(['https://wb-files.s3.eu-west-1.amazonaws.com']);
  });

  it('are sent by an app whose files are in a bucket', async () => {
    const res = await inBucket.inject({ method: 'GET', url: '/weigh/pu' });
    expect(directives(res.headers['content-security-policy']).get('img-src')).toContain('http://10.0.0.5:9000');
  });

  it('let the page put a large file straight into the bucket (the direct upload), with files on local disk only this server', async () => {
    const res = await inBucket.inject({ method: 'GET', url: '/weigh/pu' });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toContain('http://10.0.0.5:9000');
    const local = await app.inject({ method: 'GET', url: '/' });
    expect(directives(local.headers['content-security-policy']).get('connect-src')).not.toContain('http://10.0.0.5:9000');
  });
});
