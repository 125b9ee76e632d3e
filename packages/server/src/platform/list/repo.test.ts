import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { orgId } from '../../../test/api';
import type { DB } from '../db/schema';
import { AppError } from '../http/errors';
import { LIST_TIMEOUT_MESSAGE, runList } from './repo';
import { type ListQuery, TIEBREAK_COLUMN } from './rules';

const ctx = await createTestApp();
// a pool whose statements may run 100 ms, so a slow list is cut short quickly
const pool = new pg.Pool({ connectionString: ctx.url, max: 2, statement_timeout: 100 });
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
afterAll(() => db.destroy());

const slow: ListQuery = {
  table: 'md_vehicle', orgColumn: 'org_id', ownerColumn: null, columns: [{ name: 'id', sql: TIEBREAK_COLUMN }, { name: 'slow', sql: 'pg_sleep(0.05)::text' }],
  where: [], orderBy: [{ sql: TIEBREAK_COLUMN, dir: 'desc' }], totals: [], limit: 100, offset: 0,
};

describe('a list query stopped by the statement timeout', () => {
  it('answers a message the user can act on, not an internal error', async () => {
    const HDSN = await orgId(ctx.database.pool, 'HDSN');
    const err = await runList(db, slow, { orgId: HDSN, userId: '0', dataScope: 'company', deptId: null }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 500, message: LIST_TIMEOUT_MESSAGE });
  });
});
