// The weighing load generator, run as its own process by bench/weighing.ts so that it never shares
// the server's event loop. Reads its options as JSON from argv[2]: the second-weighing URL, the
// bearer token, a file of registry ids (one per line, each a truck waiting for its second weighing),
// the connections, and a limit in calls and seconds. Each call completes one truck: a tare between
// 14 and 16 t, a request id of its own. Prints one JSON line: the count, the failures, the latencies
// (ms, sorted) and the wall time.
import fs from 'node:fs';

const opts = JSON.parse(process.argv[2] ?? '{}');
const ids = fs.readFileSync(opts.idsFile, 'utf8').trim().split('\n').slice(opts.offset ?? 0);
const limit = Math.min(ids.length, opts.calls ?? ids.length);
const deadline = Date.now() + (opts.seconds ?? 3600) * 1000;
const latencies = [];
const failures = [];
let next = 0;

async function worker() {
  while (next < limit && Date.now() < deadline) {
    const i = next++;
    const body = JSON.stringify({
      registryId: ids[i], weight: (14 + ((i * 7919) % 2000) / 1000).toFixed(3), stable: true, stationId: `BENCH${i % 4}`, requestId: `bench-${opts.offset ?? 0}-${i}`,
    });
    const t0 = performance.now();
    // Node's fetch keeps its connections alive: each worker is one station's connection
    const res = await fetch(opts.url, { method: 'POST', body, headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' } });
    const text = await res.text();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) failures.push(`${res.status} ${text.slice(0, 200)}`);
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: opts.connections }, worker));
const wallMs = performance.now() - t0;
latencies.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ count: latencies.length, failures: failures.length, firstFailures: failures.slice(0, 3), wallMs, latencies })}\n`);
