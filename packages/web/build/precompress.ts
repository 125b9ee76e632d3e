import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, read by tools, never by a browser
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Brotli (.br) and gzip (.gz) copies beside each file, at the strongest levels: done once at build
 * time, where an on-the-fly compressor would have to trade ratio for CPU on every request. The
 * server's static files plugin picks the copy the browser's Accept-Encoding allows.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    jobs.push((async () => {
      const raw = await fs.readFile(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip(raw, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      totals.files += 1;
      totals.bytes += raw.length;
      totals.br += br.length;
      totals.gz += gz.length;
    })());
  }
  await Promise.all(jobs);
  return totals;
}

/** The Vite plugin: precompresses the build's output directory once everything is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wb:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      const t = await precompressDir(options.dir ?? path.resolve(config.root, config.build.outDir));
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      config.logger.info(`precompressed ${t.files} files: ${kb(t.bytes)} raw, ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
    },
  };
}
