// JavaScript a browser downloads per route of the built web app, gzip-compressed, from Vite's
// manifest (build.manifest: dist/.vite/manifest.json).
//
//   npm run build -w @wb/web && node bench/bundle-size.mjs [options]
//
// A route's JS is the entry chunk with everything it imports statically, plus the route's own
// lazy chunk(s) with everything those import statically (Vite preloads static imports of a lazy
// chunk together with it). Each file is counted once per route. Chunks are found by their source
// path (the manifest's `src`), so the patterns below must match the web package's layout.
//
// The patterns name the route's page components only, not every file of their folders: a chunk a
// page loads later with import() (the home page's hourly chart, ECharts) is not part of the first
// paint, and matching it by folder (as `^src/pages/home/` did until 2026-11-22) counted 170 kB of
// it there. What a route's chunks import dynamically is listed apart as "after first paint" and
// is not counted in the limits.
//
// Options (or the environment variable in brackets):
//   --dist=DIR           built app [BUNDLE_DIST; packages/web/dist]
//   --entry=REGEX        the entry chunk, when the build has several [BUNDLE_ENTRY; index.html]
//   --login=REGEX        login page chunk(s) [BUNDLE_LOGIN]
//   --layout=REGEX       workspace layout chunk(s) [BUNDLE_LAYOUT]
//   --home=REGEX         home page chunk(s) [BUNDLE_HOME]
//   --login-limit=KB     limit for the login route, gzip [BUNDLE_LOGIN_LIMIT; 250]
//   --shell-limit=KB     limit for the workspace shell, gzip [BUNDLE_SHELL_LIMIT; 500]
//   --verbose            list every file of every route
//   --json               print the figures as JSON instead of tables
//
// KB here is 1,000 bytes. The limits are checked against zlib's default level (6), which is what
// on-the-fly compressors use or better; level 9 (what a precompressing build step would use) is
// shown beside it. CSS is shown for information and is not counted in the limits.
// Exit code: 0 within the limits, 1 over a limit, 2 on a usage or build problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- configuration: source-path patterns of the chunks that make each route ----------------
const DEFAULTS = {
  dist: path.resolve(here, '../packages/web/dist'),
  entry: 'index\\.html$',
  login: '^src/pages/login/LoginPage\\.tsx$',
  layout: '^src/app/layout/WorkspaceLayout\\.tsx$',
  home: '^src/pages/home/HomePage\\.tsx$',
  loginLimit: 250,
  shellLimit: 500,
};
// ---------------------------------------------------------------------------------------------

function options(argv, env) {
  const args = Object.fromEntries(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, ...v] = a.slice(2).split('=');
        return [k, v.length ? v.join('=') : true];
      }),
  );
  const pick = (arg, envName, fallback) => args[arg] ?? env[envName] ?? fallback;
  return {
    dist: path.resolve(pick('dist', 'BUNDLE_DIST', DEFAULTS.dist)),
    entry: new RegExp(pick('entry', 'BUNDLE_ENTRY', DEFAULTS.entry)),
    login: new RegExp(pick('login', 'BUNDLE_LOGIN', DEFAULTS.login)),
    layout: new RegExp(pick('layout', 'BUNDLE_LAYOUT', DEFAULTS.layout)),
    home: new RegExp(pick('home', 'BUNDLE_HOME', DEFAULTS.home)),
    loginLimit: Number(pick('login-limit', 'BUNDLE_LOGIN_LIMIT', DEFAULTS.loginLimit)),
    shellLimit: Number(pick('shell-limit', 'BUNDLE_SHELL_LIMIT', DEFAULTS.shellLimit)),
    verbose: Boolean(args.verbose),
    json: Boolean(args.json),
  };
}

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(2);
}

const opts = options(process.argv.slice(2), process.env);
const manifestPath = path.join(opts.dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  fail(`no ${path.relative(process.cwd(), manifestPath)}: build the web first (npm run build -w @wb/web, with build.manifest on)`);
}
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

// keys and src are paths relative to the Vite root; on Windows-built manifests normalise slashes
const srcOf = (key) => (manifest[key].src ?? key).replaceAll('\\', '/');
const isJs = (file) => /\.(m?js)$/.test(file);

function entryKey() {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) fail('the manifest has no entry (isEntry)');
  if (entries.length === 1) return entries[0];
  const matching = entries.filter((k) => opts.entry.test(srcOf(k)));
  if (matching.length !== 1) fail(`${entries.length} entries (${entries.join(', ')}); pick one with --entry=REGEX`);
  return matching[0];
}

/** Manifest keys of the chunks whose source matches; entries excluded (they are counted anyway). */
function chunksMatching(re) {
  return Object.keys(manifest).filter((k) => !manifest[k].isEntry && re.test(srcOf(k)) && isJs(manifest[k].file));
}

/** The chunk and everything it imports statically, transitively (what loads with it). */
function staticClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop();
    if (seen.has(k)) continue;
    if (!manifest[k]) fail(`the manifest imports ${k}, which it does not list`);
    seen.add(k);
    for (const i of manifest[k].imports ?? []) stack.push(i);
  }
  return seen;
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const full = path.join(opts.dist, file);
    if (!fs.existsSync(full)) fail(`${file} is in the manifest but not in ${opts.dist}`);
    const buf = fs.readFileSync(full);
    sizeCache.set(file, {
      raw: buf.length,
      gzip6: zlib.gzipSync(buf).length,
      gzip9: zlib.gzipSync(buf, { level: 9 }).length,
    });
  }
  return sizeCache.get(file);
}

/** JS loaded later by the given page chunks' own import() (not the entry's routes), beyond what the route has. */
function loadedAfter(pageKeys, counted) {
  const later = staticClosure(pageKeys.flatMap((k) => manifest[k].dynamicImports ?? []));
  const files = [...new Set([...later].map((k) => manifest[k].file).filter(isJs))].filter((f) => !counted.has(f)).sort();
  return { files, gzip6: files.reduce((t, f) => t + sizes(f).gzip6, 0) };
}

function route(name, parts, limitKb, { deferFrom = [] } = {}) {
  const notes = [];
  const roots = [entryKey()];
  const deferRoots = [];
  for (const [label, re] of parts) {
    const found = chunksMatching(re);
    if (found.length === 0) {
      notes.push(`no chunk has a source matching ${re} (${label}): either it is bundled into a chunk already counted (not lazy), or the pattern is wrong`);
    }
    roots.push(...found);
    if (deferFrom.includes(label)) deferRoots.push(...found);
  }
  const keys = staticClosure(roots);
  const jsFiles = [...new Set([...keys].map((k) => manifest[k].file).filter(isJs))].sort();
  const cssFiles = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))].sort();
  const sum = (files) =>
    files.reduce(
      (t, f) => {
        const s = sizes(f);
        return { raw: t.raw + s.raw, gzip6: t.gzip6 + s.gzip6, gzip9: t.gzip9 + s.gzip9 };
      },
      { raw: 0, gzip6: 0, gzip9: 0 },
    );
  const js = sum(jsFiles);
  const after = loadedAfter(deferRoots, new Set(jsFiles));
  return {
    name,
    after,
    roots: roots.map((k) => `${srcOf(k)} -> ${manifest[k].file}`),
    files: jsFiles.map((f) => ({ file: f, ...sizes(f) })),
    js,
    css: { files: cssFiles.length, ...sum(cssFiles) },
    limitKb,
    over: js.gzip6 > limitKb * 1000,
    notes,
  };
}

const routes = [
  route('login', [['login page', opts.login]], opts.loginLimit),
  // the layout's own import()s are the other pages (each its own route); the home page's are its chart
  route('workspace shell', [['layout', opts.layout], ['home page', opts.home]], opts.shellLimit, { deferFrom: ['home page'] }),
];

const kb = (n) => (n / 1000).toFixed(1);
if (opts.json) {
  console.log(JSON.stringify({ dist: opts.dist, routes }, null, 2));
} else {
  console.log(`manifest: ${path.relative(process.cwd(), manifestPath)} (${Object.keys(manifest).length} entries)`);
  console.log('\n| route | JS files | raw kB | gzip kB (level 6) | gzip kB (level 9) | limit kB gzip | within | CSS raw kB | CSS gzip kB (6) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of routes) {
    console.log(
      `| ${r.name} | ${r.files.length} | ${kb(r.js.raw)} | ${kb(r.js.gzip6)} | ${kb(r.js.gzip9)} | ${r.limitKb} | ${r.over ? 'NO' : 'yes'} | ${kb(r.css.raw)} | ${kb(r.css.gzip6)} |`,
    );
  }
  for (const r of routes) {
    console.log(`\n${r.name}: chunks ${r.roots.join('; ')}`);
    for (const n of r.notes) console.log(`  note: ${n}`);
    if (r.after.files.length) console.log(`  after first paint (not counted): ${r.after.files.length} JS files, ${kb(r.after.gzip6)} kB gzip: ${r.after.files.join(', ')}`);
    if (opts.verbose) {
      for (const f of [...r.files].sort((a, b) => b.gzip6 - a.gzip6)) {
        console.log(`  ${kb(f.gzip6).padStart(8)} kB gzip  ${kb(f.raw).padStart(8)} kB raw  ${f.file}`);
      }
    }
  }
}

const over = routes.filter((r) => r.over);
if (over.length) {
  for (const r of over) console.error(`over the limit: ${r.name} loads ${kb(r.js.gzip6)} kB of gzip JS, limit ${r.limitKb} kB`);
  process.exit(1);
}
