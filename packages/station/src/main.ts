import { StationAgent } from './agent.js';
import { loadConfig } from './config.js';

// npm run station -- --config <file>

function main(): void {
  const args = process.argv.slice(2);
  const i = args.indexOf('--config');
  const file = i >= 0 ? args[i + 1] : undefined;
  if (!file) {
    process.stderr.write('usage: npm run station -- --config <file>\n');
    process.exit(2);
  }
  const agent = new StationAgent(loadConfig(file));
  agent.start();
  process.stdout.write(`station agent: ${agent.ports.map((p) => `${p.settings.id} (${p.settings.protocol.name})`).join(', ')}\n`);
  const stop = () => {
    void agent.stop().then(() => process.exit(0));
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
