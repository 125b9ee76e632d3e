// Prints the Markdown tables of RESULTS.md from one results file of bench/user-info.ts.
//
//   node bench/report.mjs bench/results/user-info-<timestamp>.json
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/report.mjs <bench/results/user-info-*.json>');
  process.exit(2);
}
const d = JSON.parse(fs.readFileSync(file, 'utf8'));
const s = d.settings;
const us = (ms, n) => ((ms * 1000) / n).toFixed(0);

console.log(`Run started ${d.started}; machine: ${d.machine.nproc} cores (${d.machine.cpu}), ${d.machine.memoryMiB} MiB, Node ${d.machine.node}, ${d.machine.platform}.`);
console.log(
  `Settings: pool ${s.pool} per server, ${s.connections} connections, pipelining ${s.pipelining}, ${s.duration} s per run after ${s.warmup} s warm-up, ` +
    `a run is repeated when other work used more than ${Math.round(s.disturbedShare * 100)}% of the machine (at most ${s.retries} times).\n`,
);
for (const side of d.sides) console.log(`- ${side.key}: ${side.label}`);

console.log('\n| side | run | req/s | p50 ms | p99 ms | CPU µs/req: server | PostgreSQL | load client | rest of machine | discarded attempts |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const side of d.sides) {
  const all = d.runs.filter((r) => r.side === side.key && !r.profiled);
  for (const r of all.filter((x) => !x.disturbed)) {
    const discarded = all.filter((x) => x.disturbed && x.run === r.run).length;
    const n = r.result.total;
    console.log(
      `| ${side.key} | ${r.run}${r.keptDisturbed ? ' (kept although disturbed)' : ''} | ${r.result.rps.toFixed(0)} | ${r.result.latency.p50} | ${r.result.latency.p99} | ` +
        `${us(r.cpu.serverMs, n)} | ${us(r.cpu.postgresMs, n)} | ${us(r.cpu.loadClientMs, n)} | ${us(r.cpu.otherMs, n)} | ${discarded} |`,
    );
  }
}
console.log('\nMean req/s per side: ' + Object.entries(d.meanRps).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ') + `; ratio a/b ${d.ratioAB.toFixed(3)}.`);

if (d.queryCounts) {
  console.log('\nStatements per request (200 sequential requests):');
  for (const [k, v] of Object.entries(d.queryCounts)) {
    console.log(`- ${k}: ${v.queriesPerRequest} statements, ${v.checkoutsPerRequest} pool checkouts; ${Object.keys(v.statements).join(' | ')}`);
  }
}
if (d.statements) {
  console.log(`\nPostgreSQL CPU per statement (one connection, ${d.statements.calls} calls each):\n`);
  console.log('| statement | backend CPU µs/call | client wall µs/call |');
  console.log('|---|---|---|');
  for (const [k, v] of Object.entries(d.statements.perStatement)) {
    console.log(`| ${k} | ${v.backendUsPerCall.toFixed(0)} | ${v.wallUsPerCall.toFixed(0)} |`);
  }
  console.log(`\nEXPLAIN ANALYZE: auth ${d.statements.explain.auth}; user-info ${d.statements.explain['user-info']}`);
  console.log('Plans of the named statements: ' + d.statements.plans.map((p) => `${p.name} ${p.generic_plans} generic / ${p.custom_plans} custom`).join('; '));
}
const withPlans = d.runs.filter((r) => r.plans && Object.keys(r.plans).length && !r.disturbed);
if (withPlans.length) {
  console.log('\nNamed statements in the pools after each run (summed over connections):');
  for (const r of withPlans) {
    console.log(`- ${r.side} run ${r.run}: ` + Object.entries(r.plans).map(([n, p]) => `${n.slice(0, 14)} on ${p.connections} connections, ${p.generic_plans} generic / ${p.custom_plans} custom`).join('; '));
  }
}
