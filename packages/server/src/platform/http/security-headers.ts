import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { CARD_READER_BRIDGE_URL } from '@wb/protocol';
import type { Config, StorageConfig } from '../../config';
import { S3Storage, s3Client } from '../files/s3-storage';

/** A year: the browser keeps to https that long after one answer over TLS. */
const HSTS = 'max-age=31536000';

/**
 * Pages of the build other than the app (public/help.html) are opened by the menu inside the
 * workspace's frame (pages/myiframe), and so is an embedded report (frView's path,
 * /report-embed/<code>): they may be framed by this origin, nothing else may be.
 */
function embeddable(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return (path.endsWith('.html') && path !== '/index.html') || path.startsWith('/report-embed/');
}

/**
 * Where the browser loads images from besides this server: with S3_BUCKET the image fields and
 * snapshots are presigned GETs on the bucket (files/s3-storage.ts). The origin is read off a URL
 * the SDK signs (no network), so path style, virtual-host style and AWS's own names all come out
 * as the browser will see them.
 */
export async function imageOrigins(storage: StorageConfig): Promise<string[]> {
  if (storage.kind !== 's3') return [];
  const probe = { id: '0', orgId: '0', storageKey: 'org/0/probe', contentType: 'image/png' };
  const url = await new S3Storage(s3Client(storage), storage.bucket).signedUrl(probe, Date.now(), 60);
  return [new URL(url).origin];
}

/** Whether a request asks the API: JSON that a browser never renders as a page. */
const isApi = (url: string) => url.startsWith('/api/');

/**
 * The browser-side hardening of every answer (docs/ARCHITECTURE.md section 3 says why each source
 * is allowed). Scripts come only from this origin and nothing is evaluated; styles may be inline
 * because antd's CSS-in-JS and @rc-component's scroll locker write <style> elements at run time,
 * the latter without a nonce. HSTS goes out only on an answer that came over TLS: on the plant's
 * plain-http LAN it would lock browsers out of the server.
 *
 * The pages get helmet's full set, built once at start (building it per request, as
 * @fastify/helmet does, cost a weighing station's call more than the call's own routing). The API's
 * answers get the short set the OWASP REST guidance gives for JSON: nothing may load from them,
 * nothing may frame them, no sniffing, no cross-origin read; the page's own policy, a kilobyte of
 * headers on every station call, would govern nothing there.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const images = await imageOrigins(config.storage);
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...images],
        fontSrc: ["'self'"],
        // the card-reader bridge runs on the operator's own PC, beside the browser; a large file
        // goes by presigned PUT straight to the bucket (files/direct.ts), the origin images come from
        connectSrc: ["'self'", CARD_READER_BRIDGE_URL, ...images],
        // blob: the print preview frames the PDF the page itself fetched (web platform/print)
        frameSrc: ["'self'", 'blob:', ...config.frameSources],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [(req: IncomingMessage) => (embeddable(req.url) ? "'self'" : "'none'")],
      },
    },
    frameguard: false,
    hsts: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApi(request.url)) {
      reply.headers(apiHeaders);
      done();
      return;
    }
    reply.header('x-frame-options', embeddable(request.url) ? 'SAMEORIGIN' : 'DENY');
    pageHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
