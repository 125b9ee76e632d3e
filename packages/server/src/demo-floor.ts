import { loadConfig } from './config';
import { openDatabase } from './platform/db/pool';
import { demoAdminSession } from './seed/demo-records';
import { DEMO_SCALE_ID, startDemoFloor } from './demo/floor';

/**
 * `npm run demo:floor [-- --speed N]`: beside the running demo plant (`npm start`; its address from
 * DEMO_URL, default http://localhost:$PORT), the scale simulator and the station agent with one
 * unattended lane (demo/floor.ts), until Ctrl-C. The demo administrator's session is opened in the
 * plant's database (DATABASE_URL or the embedded PostgreSQL the server runs on PG_PORT), so no
 * sign-in is typed; it is revoked as soon as the key and the demo truck are made.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const base = (process.env.DEMO_URL ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const args = process.argv.slice(2);
  const i = args.indexOf('--speed');
  const speed = i >= 0 ? Number(args[i + 1]) : 1;
  if (!(speed > 0 && speed <= 20)) throw new Error('--speed: a number from 0.1 to 20');
  const up = await fetch(`${base}/`).then((r) => r.status < 500, () => false);
  if (!up) throw new Error(`the demo plant is not running at ${base}: start it with npm start (or set DEMO_URL)`);
  // the database the running server uses; not platform/db/attach, whose embedded PostgreSQL module
  // answers Ctrl-C with an exit of its own before the floor has stopped
  const database = openDatabase(config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${Number(process.env.PG_PORT ?? 54320)}/weighbridge`, 2);
  const session = await demoAdminSession(database.db, config, 'demo-floor');
  let floor: Awaited<ReturnType<typeof startDemoFloor>> | null = null;
  const finish = async (code: number) => {
    await floor?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(code);
  };
  try {
    floor = await startDemoFloor({ base, authorization: `Bearer ${session.token}`, db: database.db, orgId: session.orgId, speed });
  } catch (err) {
    await session.close().catch(() => undefined);
    console.error(err instanceof Error ? err.message : err);
    await finish(2);
    return;
  }
  // the key and the truck are made: the lane works under its station key, the session is done
  await session.close();
  console.log(`
  The demo floor is running against ${base} (Ctrl-C stops it). Sign in as operator / Weigh@2026:
    过磅 → 过磅作业: pick the scale ${DEMO_SCALE_ID} and watch the live indicator
    the lane weighs ${floor.truck.plate} (card ${floor.truck.card}): its ticket appears in the purchase tickets
    过磅 → 远程干预: ${floor.refused.plate} (no card, no trip) was refused by its plate and waits for 放行 / 禁止
`);
  process.once('SIGINT', () => void finish(0));
  process.once('SIGTERM', () => void finish(0));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
