#!/usr/bin/env bash
# The sales second weighing (bench/weighing.ts, BENCH_KIND=sa) with the commercial side off and on
# (BENCH_COMMERCIAL: price list, money control with freezes, grants; bench/support/sales-trucks.ts),
# side by side on one machine: off first, then on, ROUNDS times, so both see the same machine. Each
# run writes its results/weighing-sa-<off|on>-<time>.json; the machine's load is printed before
# each run, and the last lines give the means and the ratio on/off (mean of the rounds' ratios).
# Other settings (BENCH_TRUCKS, BENCH_DURATION...) pass through to bench/weighing.ts.
#   bash bench/compare-commercial.sh [rounds=3]
set -euo pipefail
rounds=${1:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
latest() { node -e "const f=require('fs'),p=require('path');const d=p.join('$here','bench/results');const n=f.readdirSync(d).filter(x=>x.startsWith('weighing-sa-$1-')).sort().pop();const j=JSON.parse(f.readFileSync(p.join(d,n)));console.log(j.sustained.perSecond, j.sequential.client.p50, j.sequential.server.p50 ?? '-', n)"; }
declare -a offRate onRate offP50 onP50
for r in $(seq 1 "$rounds"); do
  for side in off on; do
    echo "round $r $side: load $(uptime | sed 's/.*load average: //')"
    (cd "$here" && BENCH_KIND=sa BENCH_COMMERCIAL=$side npx tsx bench/weighing.ts >/dev/null)
    read -r perSecond p50 serverP50 file < <(latest "$side")
    echo "round $r $side: $perSecond weighings/s, p50 $p50 ms at the station ($serverP50 ms in the server), $file"
    if [ "$side" = off ]; then offRate+=("$perSecond"); offP50+=("$p50"); else onRate+=("$perSecond"); onP50+=("$p50"); fi
  done
done
node -e "
const [a, b, c, d] = process.argv.slice(1).map((x) => x.split(' ').map(Number));
const mean = (x) => x.reduce((p, q) => p + q, 0) / x.length;
const ratios = a.map((x, i) => b[i] / x);
console.log('off: ' + mean(a).toFixed(1) + ' weighings/s, p50 ' + mean(c).toFixed(2) + ' ms; on: ' + mean(b).toFixed(1) + ' weighings/s, p50 ' + mean(d).toFixed(2) + ' ms');
console.log('ratio on/off of weighings/s: ' + ratios.map((x) => x.toFixed(3)).join(' ') + ', mean ' + mean(ratios).toFixed(3));
" "${offRate[*]}" "${onRate[*]}" "${offP50[*]}" "${onP50[*]}"
