// Summarises a V8 .cpuprofile (from `BENCH_PROFILE=1 npx tsx bench/user-info.ts`): self time by
// package or area, and the heaviest functions.
//
//   node bench/profile-summary.mjs bench/tmp/user-info-a.cpuprofile [top=25]
import fs from 'node:fs';

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTicks = new Map();
for (const id of profile.samples) selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);
const totalTicks = profile.samples.length;
const spanUs = profile.endTime - profile.startTime;

function area(url, name) {
  if (!url) {
    if (name === '(garbage collector)') return '(gc)';
    if (name === '(idle)') return '(idle)';
    if (name === '(program)') return '(program: native, outside JS)';
    return '(native)';
  }
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const s = /packages\/(\w+)\/src\/(.*)$/.exec(url);
  if (s) return `@wb/${s[1]} ${s[2].split('/').slice(0, 2).join('/')}`;
  if (url.includes('/bench/')) return 'bench';
  return url;
}

const areas = new Map();
const funcs = new Map();
for (const [id, ticks] of selfTicks) {
  const n = byId.get(id);
  const { functionName, url, lineNumber } = n.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + ticks);
  const key = `${functionName || '(anonymous)'}  ${a}${url ? `:${lineNumber + 1}` : ''}`;
  funcs.set(key, (funcs.get(key) ?? 0) + ticks);
}

const pct = (t) => `${((t / totalTicks) * 100).toFixed(1)}%`;
const idle = areas.get('(idle)') ?? 0;
console.log(`${file}: ${totalTicks} samples over ${(spanUs / 1e6).toFixed(1)} s; busy ${pct(totalTicks - idle)}`);
console.log('\nself time by area:');
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(t).padStart(6)}  ${a}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [f, t] of [...funcs].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(t).padStart(6)}  ${f}`);
