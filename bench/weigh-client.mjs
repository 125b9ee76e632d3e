// The weighing load generator, run as its own process by bench/weighing.ts so that it never shares
// the server's event loop. Reads its options as JSON from argv[2]: the second-weighing URL, the
// bearer token, a file of registry ids (one per line, each a truck waiting for its second weighing),
// the connections, a limit in calls and seconds, and the weight base. Each call completes one truck:
// a reading between the base and the base + 2 t (a tare of 14-16 t by default), a request id of its own. Prints one JSON line: the count, the failures, the latencies
// (ms, sorted), the wall time and the client's own CPU time. Plain node:http with kept-alive
// sockets, not fetch: a station is its own computer, and the load generator shares this machine's
// two cores with the server and PostgreSQL, so it should take as little of them as it can.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

const opts = JSON.parse(process.argv[2] ?? '{}');
const ids = fs.readFileSync(opts.idsFile, 'utf8').trim().split('\n').slice(opts.offset ?? 0);
const limit = Math.min(ids.length, opts.calls ?? ids.length);
const deadline = Date.now() + (opts.seconds ?? 3600) * 1000;
const latencies = [];
const failures = [];
let next = 0;
const target = new URL(opts.url);
// an https URL (a reverse proxy in front, bench/proxy.ts) trusts the certificate in opts.caFile
const secure = target.protocol === 'https:';
const agent = secure
  ? new https.Agent({ keepAlive: true, maxSockets: opts.connections, ca: opts.caFile ? fs.readFileSync(opts.caFile) : undefined })
  : new http.Agent({ keepAlive: true, maxSockets: opts.connections });
const request = secure ? https.request : http.request;

function post(body) {
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'POST', agent,
      headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function worker() {
  while (next < limit && Date.now() < deadline) {
    const i = next++;
    const body = JSON.stringify({
      registryId: ids[i], weight: ((opts.weightBase ?? 14) + ((i * 7919) % 2000) / 1000).toFixed(3), stable: true, stationId: `BENCH${i % 4}`, requestId: `bench-${opts.offset ?? 0}-${i}`,
    });
    const t0 = performance.now();
    // each worker is one station with its own kept-alive connection
    const { status, text } = await post(body);
    latencies.push(performance.now() - t0);
    if (status !== 200) failures.push(`${status} ${text.slice(0, 200)}`);
  }
}

const t0 = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: opts.connections }, worker));
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
agent.destroy();
latencies.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ count: latencies.length, failures: failures.length, firstFailures: failures.slice(0, 3), wallMs, cpuMs: (cpu.user + cpu.system) / 1000, latencies })}\n`);
