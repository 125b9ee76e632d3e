import type { SimProtocol } from '../parse/encode.js';
import { ScaleSimulator } from './scale-simulator.js';
import { REAL_TIMING, timingScaled, type TruckVisit } from './script.js';

// npm run scale-sim -- --protocol toledo --port 4001 [--card-port 4002] [--io-port 5020] [--hz 10]
//   [--trucks 苏A12345:C001:31720,苏B67890:C002:15480] [--speed 1] [--unit kg|t] [--loop] [--loop-from N]
// Prints one JSON line with its ports, then one per event (phase, card, plate).

const PROTOCOLS: SimProtocol[] = ['toledo', 'toledo-checksum', 'xk3190-a9', 'xk3190-a12', 'reversed'];

function option(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

function trucksFrom(text: string): TruckVisit[] {
  return text.split(',').map((t) => {
    const [plate, card, weight] = t.split(':');
    // an empty card (plate::kg) is a truck that swipes none
    if (!plate || card === undefined || !(Number(weight) > 0)) throw new Error(`--trucks: "${t}" is not plate:card:kg`);
    return { plate, card, weight: Number(weight) };
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const protocol = option(args, '--protocol', 'toledo') as SimProtocol;
  if (!PROTOCOLS.includes(protocol)) throw new Error(`--protocol: one of ${PROTOCOLS.join(', ')}`);
  const unit = option(args, '--unit', 'kg');
  if (unit !== 'kg' && unit !== 't') throw new Error('--unit: kg or t');
  const sim = new ScaleSimulator({
    protocol,
    trucks: trucksFrom(option(args, '--trucks', '苏A12345:C001:31720,苏B67890:C002:15480,苏C24680:C003:49260')),
    timing: timingScaled(REAL_TIMING, Number(option(args, '--speed', '1'))),
    hz: Number(option(args, '--hz', '10')),
    unit,
    loop: args.includes('--loop'),
    loopFrom: Number(option(args, '--loop-from', '0')),
    host: option(args, '--host', '127.0.0.1'),
    indicatorPort: Number(option(args, '--port', '4001')),
    cardPort: Number(option(args, '--card-port', '0')),
    ioPort: Number(option(args, '--io-port', '0')),
    onEvent: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
  });
  const ports = await sim.start();
  process.stdout.write(`${JSON.stringify({ event: 'listening', protocol, ...ports })}\n`);
  const stop = () => void sim.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(2);
});
