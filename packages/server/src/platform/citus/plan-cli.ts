import pg from 'pg';
import { readCatalog } from './repo';
import { citusPlan, distributionProblems } from './rules';

/**
 * npm run citus:plan [-- database URL]
 * Prints the Citus script (reference tables, local tables, tenant tables distributed by org_id and
 * co-located) for the schema of the database at the URL (else DATABASE_URL), read from its
 * catalog. Exits 1, the problems listed at the end of the script, when the schema is not ready.
 */
async function main(): Promise<void> {
  const url = process.argv.slice(2).find((a) => a !== '--') ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: npm run citus:plan -- [postgres://user:password@host:port/database]');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const catalog = await readCatalog(client);
    process.stdout.write(citusPlan(catalog));
    if (distributionProblems(catalog).length) process.exitCode = 1;
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(`citus plan failed: ${(err as Error).message}`);
  process.exit(1);
});
