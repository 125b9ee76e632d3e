import { DEFAULT_STABILITY, StabilityJudge } from '../stability.js';
import type { Frame } from './frame.js';
import { createParser, protocolFromText, PROTOCOL_NAMES } from './protocols.js';

// npm run station:parse -- --protocol <toledo|xk3190-a9|xk3190-a12|reversed|regex:...>
// Raw bytes on stdin, one JSON line per frame on stdout: {weight, unit, stable, net?, tare?, raw}.
// Frames without a motion flag are judged stable by the agent's rule (--stable-count, --tolerance,
// --min-weight; defaults 5 readings within 20 of the unit, at least 0). Unparsed frames go to stderr.

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

function main(): void {
  const args = process.argv.slice(2);
  const protocolText = option(args, '--protocol');
  if (!protocolText) {
    process.stderr.write(`usage: station:parse --protocol <${PROTOCOL_NAMES.join('|')}>\n`);
    process.exit(2);
  }
  const spec = protocolFromText(protocolText);
  const judge = new StabilityJudge({
    count: Number(option(args, '--stable-count') ?? DEFAULT_STABILITY.count),
    tolerance: Number(option(args, '--tolerance') ?? DEFAULT_STABILITY.tolerance),
    minWeight: Number(option(args, '--min-weight') ?? DEFAULT_STABILITY.minWeight),
  });
  const out: string[] = [];
  const parser = createParser(spec, {
    frame(f: Frame) {
      const line: Record<string, unknown> = { weight: f.weight, unit: f.unit, stable: judge.judge(f).stable };
      if (f.net !== undefined) line.net = f.net;
      if (f.tare !== undefined) line.tare = f.tare;
      line.raw = f.raw;
      out.push(JSON.stringify(line));
    },
    bad(raw, reason) {
      process.stderr.write(`${JSON.stringify({ unparsed: raw, reason })}\n`);
    },
  });
  const flush = () => {
    if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
    out.length = 0;
  };
  process.stdin.on('data', (chunk: Buffer) => {
    parser.push(chunk);
    flush();
  });
  process.stdin.on('end', () => {
    parser.end();
    flush();
  });
}

try {
  main();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(2);
}
