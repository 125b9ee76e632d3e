#!/usr/bin/env bash
# The second weighing (bench/weighing.ts) of another commit and of this checkout, side by side on
# one machine: BASE first, then this checkout, ROUNDS times, so both see the same machine. Each run
# writes its results/weighing-<time>.json in its own tree; each line says the machine's load average
# (1, 5, 15 min) before and after its run and the CPU each weighing took (the server process and
# PostgreSQL's processes, per weighing of the sustained run: less disturbed by a busy machine than
# the rate); the last lines compare the rates and the CPU.
#   bash bench/compare-weighing.sh <base-revision> [rounds=5]
set -euo pipefail
base=${1:?"usage: bench/compare-weighing.sh <base-revision> [rounds]"}
rounds=${2:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
tree="$here/bench/tmp/base-$base"
if [ ! -d "$tree" ]; then
  git -C "$here" worktree add --detach "$tree" "$base"
  # the base's own dependencies, as npm ci would lay them out (hard links: no second copy on disk)
  (cd "$tree" && npm ci --no-audit --no-fund >/dev/null)
fi
rate() { node -e "const f=require('fs'),p=require('path');const d=p.join('$1','bench/results');const n=f.readdirSync(d).filter(x=>/^weighing-[0-9]/.test(x)).sort().pop();const j=JSON.parse(f.readFileSync(p.join(d,n)));const c=j.sustained.cpuPerWeighing||{};console.log(j.sustained.perSecond, j.sequential.client.p50, c.serverMs, c.postgresMs)"; }
declare -a before after cpuBefore cpuAfter
for r in $(seq 1 "$rounds"); do
  for side in base here; do
    dir=$here; [ "$side" = base ] && dir=$tree
    loadBefore=$(cut -d' ' -f1-3 /proc/loadavg)
    (cd "$dir" && npx tsx bench/weighing.ts >/dev/null)
    loadAfter=$(cut -d' ' -f1-3 /proc/loadavg)
    read -r perSecond p50 serverMs postgresMs < <(rate "$dir")
    echo "round $r $side: $perSecond weighings/s, p50 $p50 ms at the station, CPU per weighing: server $serverMs + PostgreSQL $postgresMs ms (load average before $loadBefore, after $loadAfter)"
    if [ "$side" = base ]; then cpuBefore+=("$serverMs+$postgresMs"); else cpuAfter+=("$serverMs+$postgresMs"); fi
    if [ "$side" = base ]; then before+=("$perSecond"); else after+=("$perSecond"); fi
  done
done
node -e "const a=process.argv[1].split(' ').map(Number),b=process.argv[2].split(' ').map(Number);const s=x=>x.reduce((p,q)=>p+q,0);console.log('mean before '+(s(a)/a.length).toFixed(1)+', after '+(s(b)/b.length).toFixed(1)+', ratio '+(s(b)/s(a)).toFixed(3))" "${before[*]}" "${after[*]}"
node -e "const f=x=>x.split(' ').map(p=>p.split('+').map(Number).reduce((a,b)=>a+b,0));const a=f(process.argv[1]),b=f(process.argv[2]);const s=x=>x.reduce((p,q)=>p+q,0);console.log('CPU per weighing (server + PostgreSQL): before '+(s(a)/a.length).toFixed(2)+' ms, after '+(s(b)/b.length).toFixed(2)+' ms, before/after '+(s(a)/s(b)).toFixed(3))" "${cpuBefore[*]}" "${cpuAfter[*]}"
