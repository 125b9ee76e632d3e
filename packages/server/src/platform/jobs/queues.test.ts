import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { openDatabase } from '../db/pool';
import { ensureQueues, JOB_SCHEMA } from './boss';

const { url, database } = await freshDatabase();

describe('the job queues', () => {
  it('are created once when two instances start together, neither failing', async () => {
    // the second instance's own connections, as another server would have
    const other = openDatabase(url, 3);
    try {
      const queues = Array.from({ length: 8 }, (_, i) => ({ name: `test.start-${i}`, retry: { limit: 1, delaySeconds: 5, backoff: false } }));
      await Promise.all([ensureQueues(database.pool, queues), ensureQueues(other.pool, queues)]);
      const { rows } = await database.pool.query(`SELECT name, retry_limit FROM ${JOB_SCHEMA}.queue WHERE name LIKE 'test.start-%' ORDER BY name`);
      expect(rows).toEqual(queues.map((q) => ({ name: q.name, retry_limit: 1 })));
    } finally {
      await other.close();
    }
  });
});
