import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The built web app. Any GET that is neither an /api route nor a built file gets index.html for
 * the client router; everything else falls through to the one not-found handler (the envelope).
 * A wildcard route, not a second not-found handler: Fastify allows only one per instance.
 */
export async function serveWeb(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root, wildcard: false, index: false, cacheControl: false,
    // The build writes .br and .gz copies beside its text files (packages/web/build/precompress.ts):
    // the copy the browser accepts goes out, the file itself to one that accepts neither.
    preCompressed: true,
    // Only the hashed build assets never change; help pages and icons may change with a release.
    // Vary: a cache between must not hand a brotli answer to a browser that asked for gzip.
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const index = fs.readFileSync(path.join(root, 'index.html'));
  // the driver's phone page (司机自助, domain/driver): the build's second entry, its own shell at /driver/
  const driverPage = path.join(root, 'driver.html');
  if (fs.existsSync(driverPage)) {
    const driver = fs.readFileSync(driverPage);
    const sendDriver = (_: unknown, reply: import('fastify').FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html').send(driver);
    app.get('/driver', { config: { access: { public: true } } }, (_request, reply) => reply.redirect('/driver/'));
    app.get('/driver/', { config: { access: { public: true } } }, sendDriver);
    app.get('/driver/*', { config: { access: { public: true } } }, sendDriver);
  }
  app.get('/*', { config: { access: { public: true } } }, (request, reply) => {
    const file = request.url.split('?')[0];
    if (file === '/api' || file.startsWith('/api/') || file.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(index);
  });
}
