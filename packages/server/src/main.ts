import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { initOidc } from './platform/auth/oidc';
import { loadConfig } from './config';
import { startDatabase } from './platform/db/start';
import { seedDemoPlant, DEMO_ACCOUNTS } from './seed/demo';
import { syncMenuEntries } from './seed/menu-upgrade';
import { seedTemplatesOnChange } from './platform/templates/seed';
import { ALL_TEMPLATES } from './domain/templates';
import { seedDemoDay } from './seed/demo-day';
import { hasDemoMorning, seedDemoRecords } from './seed/demo-records';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  const log = pino({ level: config.logLevel });
  const { database, stop } = await startDatabase(config, log);
  const seeded = await seedDemoPlant(database.db);
  // an earlier release's database gets this release's new screens and buttons, and loses the ones it dropped
  if (!seeded) {
    const sync = await syncMenuEntries(database.db);
    if (sync.added || sync.moved || sync.retired) log.info(sync, 'menu entries brought up to date');
  }
  // after the menus, which lists are bound to; every start, so code changes to templates apply (a
  // start that finds the templates as the last one wrote them has nothing to write)
  await seedTemplatesOnChange(database.db, ALL_TEMPLATES);
  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  // a fresh plant gets a morning of trucks, made through its own calls; a failure leaves it empty, not down
  if (seeded) await seedDemoDay(app, database.db, config).catch((err) => log.warn({ err }, 'the demo morning could not be seeded'));
  // the desk work ready to be done (settlements, freight, gate, lab), once, in a plant that has the demo morning
  if (await hasDemoMorning(database.db)) await seedDemoRecords(app, database.db, config).catch((err) => log.warn({ err }, 'the demo records could not be seeded'));
  // so the first visitor already gets the provider's sign-out address
  if (config.oidc) await initOidc(config);

  // deliveries to webhooks and the ERP, the file sweep, the backup...: the job library's workers and
  // scheduled jobs (platform/jobs), started with the app when JOBS is on (the default)

  const shutdown = async () => {
    await app.close();
    await database.close();
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`\n  统一称重管控平台 is running: http://${shown}:${config.port}/`);
  console.log(seeded ? '  Demo plant seeded. Accounts:' : '  Demo accounts:');
  for (const a of DEMO_ACCOUNTS) console.log(`    ${a.username.padEnd(10)} ${a.password.padEnd(14)} ${a.description}`);
  if (!config.captcha) console.log('  Captcha is off (CAPTCHA=off).');
  console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
