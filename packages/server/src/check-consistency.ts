import pino from 'pino';
import { loadConfig } from './config';
import { ALL_CHECKS } from './domain/modules';
import { breachCount, reportLines, runChecks } from './platform/checks/run';
import { attachDatabase } from './platform/db/attach';

/**
 * `npm run check:consistency`: every family's invariants over the whole database (stock balances,
 * customer accounts, licence grants, settlements), the rows that break one printed with both
 * figures; exits 1 when any does, so a cron or a monitor can act on it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const { database, stop } = await attachDatabase(config, log);
  try {
    const limit = Number(process.env.CHECK_LIMIT ?? 100);
    const results = await runChecks(database.db, ALL_CHECKS, limit);
    for (const line of reportLines(results)) console.log(line);
    process.exitCode = breachCount(results) > 0 ? 1 : 0;
  } finally {
    await database.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
