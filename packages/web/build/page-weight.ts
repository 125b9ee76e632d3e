// What a page of the built web app makes the browser download before it can run: the HTML, the
// entry's JavaScript with everything it imports statically (Vite's manifest), and their CSS, each
// gzip-compressed (level 9, as build/precompress.ts writes the .gz copies the server sends).
// The driver's phone page (driver.html) must stay within DRIVER_PAGE_BUDGET.
//
//   npm run build -w @wb/web && npx tsx packages/web/build/page-weight.ts [dist] [page.html] [budget bytes]
//
// Exit code 1 when the page is over its budget. The browser test of the driver page checks the
// same figure on the build it serves (e2e/specs/driver.e2e.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** 150 kB, in bytes: the whole driver page, gzip, on a phone's weak signal. */
export const DRIVER_PAGE_BUDGET = 150_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface PageWeight {
  page: string;
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/** The page's files and their gzip sizes, from the build in `dist` (built with build.manifest on). */
export function pageWeight(dist: string, page = 'driver.html'): PageWeight {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`no ${manifestFile}: build the web first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && (manifest[k].src ?? k) === page);
  if (!entry) throw new Error(`the build has no entry ${page}`);
  const files = new Set<string>([page]);
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest imports ${key}, which it does not list`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  const sized = [...files].sort().map((file) => {
    const buf = fs.readFileSync(path.join(dist, file));
    return { file, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  });
  return {
    page,
    files: sized,
    raw: sized.reduce((t, f) => t + f.raw, 0),
    gzip: sized.reduce((t, f) => t + f.gzip, 0),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dist = path.resolve(import.meta.dirname, '../dist'), page = 'driver.html', budget = String(DRIVER_PAGE_BUDGET)] = process.argv.slice(2);
  const w = pageWeight(dist, page);
  for (const f of w.files) console.log(`${(f.gzip / 1000).toFixed(1).padStart(8)} kB gzip ${(f.raw / 1000).toFixed(1).padStart(8)} kB raw  ${f.file}`);
  console.log(`${page}: ${(w.gzip / 1000).toFixed(1)} kB gzip (${(w.raw / 1000).toFixed(1)} kB raw), budget ${(Number(budget) / 1000).toFixed(1)} kB`);
  if (w.gzip > Number(budget)) {
    console.error(`over the budget: ${page} loads ${(w.gzip / 1000).toFixed(1)} kB gzip`);
    process.exit(1);
  }
}
