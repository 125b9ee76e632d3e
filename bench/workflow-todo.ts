/**
 * 我的待办 under load: 10,000 open approval steps across 200 approvers of one company (and, beside
 * them, a history of decided tasks four times that), read over HTTP through the real app as the
 * approvers read them: the first page of POST /api/workflow/list/todo, and GET /api/workflow/counts
 * (the home page's and the top bar's figures).
 *
 *   npm run bench:workflow            (npx tsx bench/workflow-todo.ts)
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_APPROVERS    approvers holding the open steps [200]
 *   BENCH_OPEN         open steps, one pending task each, dealt round the approvers [10000]
 *   BENCH_DECIDED      decided tasks of finished approvals beside them [40000]
 *   BENCH_READERS      approvers signed in to read (each reads in turn) [20]
 *   BENCH_ROUNDS       timed reads of each call [300]
 *   BENCH_QUIET_WAIT   seconds to wait at most for a quiet machine before measuring [60]
 * Budget: the list p50 <= 50 ms. Raw figures: bench/results/workflow-todo-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { benchPostgres, cleanUp, cleanups, listen, percentile, round, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  approvers: num('BENCH_APPROVERS', 200),
  open: num('BENCH_OPEN', 10_000),
  decided: num('BENCH_DECIDED', 40_000),
  readers: num('BENCH_READERS', 20),
  rounds: num('BENCH_ROUNDS', 300),
  quietWait: num('BENCH_QUIET_WAIT', 60),
};
const BUDGET_MS = 50;
// the operator's demo password: the approvers are made with its hash
const PASSWORD = 'Weigh@2026';

/** The approvers, their company's flow and the open and decided steps, set-based. */
async function makeApprovals(pool: pg.Pool): Promise<{ orgId: string; usernames: string[] }> {
  const { rows: [op] } = await pool.query(`SELECT u.id, u.group_id, u.password_hash, o.id AS org_id FROM sys_user u JOIN sys_org o ON o.org_code = 'HDSN' WHERE u.username = 'operator'`);
  await pool.query(`INSERT INTO sys_user (group_id, username, real_name, password_hash, password_unsafe, current_org_id)
    SELECT $1, 'approver' || g, '审批人' || g, $2, false, $3 FROM generate_series(1, $4) g`, [op.group_id, op.password_hash, op.org_id, settings.approvers]);
  await pool.query(`INSERT INTO sys_user_org (user_id, org_id) SELECT id, $1 FROM sys_user WHERE username LIKE 'approver%'`, [op.org_id]);
  await pool.query(`INSERT INTO sys_user_org_role (user_id, org_id, role_id)
    SELECT u.id, r.org_id, r.role_id FROM sys_user u CROSS JOIN sys_user_org_role r WHERE u.username LIKE 'approver%' AND r.user_id = $1 AND r.org_id = $2`, [op.id, op.org_id]);
  const { rows: [flow] } = await pool.query(`INSERT INTO wf_flow (org_id, doc_type, version, name, enabled, definition, created_by)
    VALUES ($1, 'price_adjust_sa', 1, '调价审批', true, $2, $3) RETURNING id`,
    [op.org_id, JSON.stringify({ steps: [{ name: '销售经理审批', approvers: { kind: 'users', userIds: [] }, mode: 'any' }, { name: '总经理审批', approvers: { kind: 'users', userIds: [] }, mode: 'any' }] }), op.id]);
  const total = settings.open + settings.decided;
  // instance n: open ones first; the approver is n mod approvers; each started a minute after the one before
  await pool.query(`
    WITH approvers AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM sys_user WHERE username LIKE 'approver%'),
    made AS (
      INSERT INTO wf_instance (org_id, doc_type, doc_id, doc_no, title, flow_id, status, current_step, initiator_id, started_at, finished_at)
      SELECT $1, 'price_adjust_sa', n, 'XSTJ' || lpad(n::text, 8, '0'), '销售调价单 XSTJ' || lpad(n::text, 8, '0'), $2,
             CASE WHEN n <= $3 THEN 'running' ELSE 'approved' END, CASE WHEN n <= $3 THEN 0 END, $4,
             now() - make_interval(mins => $5 - n), CASE WHEN n > $3 THEN now() - make_interval(mins => $5 - n - 1) END
        FROM generate_series(1, $5) n
      RETURNING id, doc_id, status)
    INSERT INTO wf_task (org_id, instance_id, step_idx, round, user_id, status, created_at, decided_at)
    SELECT $1, m.id, 0, 1, a.id, CASE m.status WHEN 'running' THEN 'pending' ELSE 'approved' END, now() - make_interval(mins => $5 - m.doc_id::int),
           CASE WHEN m.status <> 'running' THEN now() END
      FROM made m JOIN approvers a ON a.k = m.doc_id % $6`,
    [op.org_id, flow.id, settings.open, op.id, total, settings.approvers]);
  await pool.query(`INSERT INTO wf_step (instance_id, org_id, idx, status, round, activated_at)
    SELECT id, org_id, 0, CASE status WHEN 'running' THEN 'active' ELSE 'approved' END, 1, started_at FROM wf_instance`);
  await pool.query('ANALYZE wf_instance; ANALYZE wf_task; ANALYZE wf_step');
  const { rows } = await pool.query(`SELECT username FROM sys_user WHERE username LIKE 'approver%' ORDER BY id LIMIT $1`, [settings.readers]);
  return { orgId: op.org_id, usernames: rows.map((r) => r.username) };
}

async function signInAs(baseUrl: string, username: string): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'password', username, password: PASSWORD, scope: 'server' });
  const res = await fetch(`${baseUrl}/api/oauth/token?${q}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('weighbridge:weighbridge').toString('base64')}` } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function timed(send: () => Promise<Response>): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await send();
  const body = (await res.json()) as { success: boolean; msg?: string };
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 200 || !body.success) throw new Error(`answer ${res.status}: ${body.msg}`);
  return ms;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1]) };
};

async function main(): Promise<void> {
  const { url } = await benchPostgres();
  const setup = new pg.Pool({ connectionString: url, max: 2 });
  const made = await makeApprovals(setup);
  const counts = (await setup.query(`SELECT count(*) FILTER (WHERE status = 'pending')::int AS open, count(*)::int AS tasks FROM wf_task`)).rows[0];
  await setup.end();
  console.log(`approvals made: ${counts.open} open steps of ${counts.tasks} tasks across ${settings.approvers} approvers`);

  const database = openDatabase(url, 10);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off' }), database });
  cleanups.push(() => app.close());
  const baseUrl = `http://127.0.0.1:${await listen(app)}`;
  const tokens = await Promise.all(made.usernames.map((u) => signInAs(baseUrl, u)));
  const headers = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' });
  const list = (i: number) => fetch(`${baseUrl}/api/workflow/list/todo`, { method: 'POST', headers: headers(i), body: JSON.stringify({ page: 1, limit: 20 }) });
  const countsCall = (i: number) => fetch(`${baseUrl}/api/workflow/counts`, { headers: headers(i) });

  // the answer is what an approver sees: their own open steps, all of them counted
  const first = (await (await list(0)).json()) as { data: { list: unknown[]; total: number } };
  const expectedOpen = Math.floor(settings.open / settings.approvers);
  if (first.data.list.length !== Math.min(20, expectedOpen) || Math.abs(first.data.total - expectedOpen) > 1) {
    throw new Error(`the list answered ${first.data.list.length} rows of ${first.data.total}, expected about ${expectedOpen}`);
  }
  for (let i = 0; i < 30; i += 1) { await timed(() => list(i)); await timed(() => countsCall(i)); }
  const quiet = await waitQuiet(settings.quietWait);
  const load = os.loadavg();
  const listMs: number[] = [];
  const countsMs: number[] = [];
  for (let i = 0; i < settings.rounds; i += 1) {
    listMs.push(await timed(() => list(i)));
    countsMs.push(await timed(() => countsCall(i)));
  }
  const result = {
    at: new Date().toISOString(), settings, openPerApprover: first.data.total, loadAvg: load.map((l) => round(l)), quiet,
    list: summary(listMs), counts: summary(countsMs), budgetMs: BUDGET_MS, met: percentile([...listMs].sort((a, b) => a - b), 50) <= BUDGET_MS,
  };
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `workflow-todo-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`我的待办 (POST /api/workflow/list/todo, first page of ${first.data.total}): p50 ${result.list.p50} ms, p95 ${result.list.p95} ms, max ${result.list.max} ms (budget p50 <= ${BUDGET_MS} ms: ${result.met ? 'met' : 'NOT met'})`);
  console.log(`counts (GET /api/workflow/counts): p50 ${result.counts.p50} ms, p95 ${result.counts.p95} ms`);
  console.log(`load average ${result.loadAvg.join(' ')}; waited ${quiet.waitedS} s for a quieter machine (busy ${round(quiet.busyShare * 100)} %)`);
  console.log(`raw: ${path.relative(process.cwd(), file)}`);
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});
