import { StationAgent } from './agent.js';
import { loadConfig } from './config.js';
import { buildLanes, type Lanes } from './lanes.js';

// npm run station -- --config <file>

function main(): void {
  const args = process.argv.slice(2);
  const i = args.indexOf('--config');
  const file = i >= 0 ? args[i + 1] : undefined;
  if (!file) {
    process.stderr.write('usage: npm run station -- --config <file>\n');
    process.exit(2);
  }
  const config = loadConfig(file);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  let lanes: Lanes | null = null;
  const agent = new StationAgent(config, { log, onReading: (id, r) => lanes?.onReading(id, r) });
  lanes = buildLanes(config, () => agent.status().waiting.readings, log);
  lanes.start();
  agent.start();
  process.stdout.write(`station agent: ${agent.ports.map((p) => `${p.settings.id} (${p.settings.protocol.name})`).join(', ')}\n`);
  if (lanes.lanes.length > 0) process.stdout.write(`unattended lanes: ${lanes.lanes.map((l) => l.scaleId).join(', ')}\n`);
  const stop = () => {
    void Promise.all([lanes!.stop(), agent.stop()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  main();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(2);
}
