// The load generator, run as its own process by bench/user-info.ts so that it never shares the
// server's event loop. Reads its options as JSON from argv[2], runs autocannon, and prints one JSON
// line on stdout: the figures plus the CPU time this process used. A POST passes method and body
// (a string) as well.
//
//   node bench/load-client.mjs '{"url":"http://127.0.0.1:20001/api/sys-info/me","connections":50,
//                                "pipelining":1,"duration":10,"headers":{"authorization":"Bearer ..."}}'
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2] ?? '{}');
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const result = await autocannon({
  url: opts.url,
  connections: opts.connections ?? 50,
  pipelining: opts.pipelining ?? 1,
  duration: opts.duration ?? 10,
  headers: opts.headers ?? {},
  method: opts.method ?? 'GET',
  body: opts.body,
  timeout: 10,
});
const cpu = process.cpuUsage(cpu0);
const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;

process.stdout.write(
  `${JSON.stringify({
    requests: { average: result.requests.average, mean: result.requests.mean, total: result.requests.total },
    total: result.requests.total,
    durationS: result.duration,
    rps: result.requests.total / result.duration,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    cpuMs: (cpu.user + cpu.system) / 1000,
    cpuSysMs: cpu.system / 1000,
    wallMs,
  })}\n`,
);
