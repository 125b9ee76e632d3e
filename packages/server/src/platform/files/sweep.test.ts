import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, type Plant } from '../../domain/weighing/test-support';
import { LocalStorage } from './local-storage';
import { deleteFileRows, holdFiles, withFileRemoval } from './removal';
import { sweepFiles } from './sweep';
import { PNG_1X1, fileTestApp, multipart } from './test-support';

/** The file sweep and the delete path on a real database and a real folder. */
const { app, database, config, dataDir } = await fileTestApp({ FILE_SWEEP_INTERVAL_MS: '0' });
const { pool, db } = database;
const filesDir = path.join(dataDir, 'files');
const storage = new LocalStorage(filesDir, Buffer.alloc(32));
const HOUR = 3_600_000;
const GRACE = 24 * HOUR;
/** a day and an hour on: every upload of the test is past the grace period unless made young */
const later = () => Date.now() + GRACE + HOUR;
const sweep = () => sweepFiles(db, storage, { graceMs: GRACE, now: later });

let operator: string;
let plant: Plant;
let request = 0;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
});

async function uploadOne(authorization = operator): Promise<{ id: string; key: string }> {
  const { payload, headers } = await multipart([{ name: '抓拍.png', bytes: PNG_1X1, type: 'image/png' }]);
  const body = expectOk(await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload, headers: { ...headers, authorization } }));
  const id = body.data[0].id as string;
  const { rows: [row] } = await pool.query('SELECT storage_key FROM sys_file WHERE id = $1', [id]);
  return { id, key: row.storage_key };
}

const hasRow = async (id: string) => (await pool.query('SELECT 1 FROM sys_file WHERE id = $1', [id])).rowCount === 1;
const hasBytes = (key: string) => fs.existsSync(path.join(filesDir, key));
const makeYoung = (id: string) => pool.query(`UPDATE sys_file SET created_at = now() + interval '2 days' WHERE id = $1`, [id]);

describe('the sweep of uploads no document points at', () => {
  it('removes an old upload nothing points at, keeps a vehicle photo, a weighing snapshot and a young upload', async () => {
    const loose = await uploadOne();
    const photo = await uploadOne();
    const snapshot = await uploadOne();
    const young = await uploadOne();
    await makeYoung(young.id);
    const vehicleId = await makeVehicle(db, plant, testPlate('F'));
    await pool.query('UPDATE md_vehicle SET main_vehicle_photo_id = $1 WHERE id = $2', [photo.id, vehicleId]);
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000' });
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate: testPlate('F'), preQuantity: '20' });
    expectOk(await call(app, 'POST', '/api/weigh/pu/first', operator, {
      stationId: 'S1', requestId: `s${request++}`, stable: true, registryId, weight: '40', snapshotFileIds: [snapshot.id],
    }));

    const result = await sweep();
    expect(result.skipped).toBe(false);
    expect(await hasRow(loose.id)).toBe(false);
    expect(hasBytes(loose.key)).toBe(false);
    for (const kept of [photo, snapshot, young]) {
      expect(await hasRow(kept.id)).toBe(true);
      expect(hasBytes(kept.key)).toBe(true);
    }
    // and the registry's pictures still find their snapshot
    expect(expectOk(await call(app, 'GET', `/api/sys-file/${snapshot.id}`, operator)).data.id).toBe(snapshot.id);
  });

  it('lets a replaced photo go: attached means pointed at now', async () => {
    const first = await uploadOne();
    const second = await uploadOne();
    const vehicleId = await makeVehicle(db, plant, testPlate('G'));
    await pool.query('UPDATE md_vehicle SET main_vehicle_photo_id = $1 WHERE id = $2', [first.id, vehicleId]);
    await pool.query('UPDATE md_vehicle SET main_vehicle_photo_id = $1 WHERE id = $2', [second.id, vehicleId]);
    await sweep();
    expect([await hasRow(first.id), hasBytes(first.key)]).toEqual([false, false]);
    expect([await hasRow(second.id), hasBytes(second.key)]).toEqual([true, true]);
  });

  it('removes bytes on disk with no row once past the grace period, and nothing else in the folder', async () => {
    const kept = await uploadOne();
    await makeYoung(kept.id);
    const dir = path.join(filesDir, 'org', '999', '2026', '01');
    fs.mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, 'left-behind');
    const fresh = path.join(dir, 'being-uploaded');
    const part = path.join(dir, 'abc.1234.part');
    for (const f of [stale, fresh, part]) fs.writeFileSync(f, PNG_1X1);
    const dayAgo = new Date(Date.now() - GRACE - HOUR);
    fs.utimesSync(stale, dayAgo, dayAgo);
    fs.utimesSync(part, dayAgo, dayAgo);
    fs.utimesSync(fresh, new Date(later()), new Date(later()));
    const result = await sweep();
    expect(result.orphans).toBe(2);
    expect([fs.existsSync(stale), fs.existsSync(part), fs.existsSync(fresh)]).toEqual([false, false, true]);
    expect(hasBytes(kept.key)).toBe(true);
    expect(fs.existsSync(path.join(filesDir, '.url-signing-key'))).toBe(true);
  });

  it('refuses a weighing snapshot id the company has no file for, naming the field, and writes no ticket', async () => {
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000' });
    const plate = testPlate('H');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '20' });
    const res = await call(app, 'POST', '/api/weigh/pu/first', operator, {
      stationId: 'S1', requestId: `s${request++}`, stable: true, registryId, weight: '40', snapshotFileIds: ['987654321'],
    });
    const body = expectFailure(res, 400, /抓拍图片不存在或不属于当前公司/);
    expect(body.data).toMatchObject({ field: 'snapshotFileIds' });
    expect((await pool.query('SELECT 1 FROM wb_ticket WHERE plate_number = $1', [plate])).rowCount).toBe(0);
  });
});

describe('the delete path', () => {
  it('removes the bytes only after the transaction commits', async () => {
    const f = await uploadOne();
    await withFileRemoval(db, storage, async (tx, drop) => {
      drop(await deleteFileRows(tx, [f.id]));
      // inside the transaction the bytes are still there: a rollback now would lose nothing
      expect(hasBytes(f.key)).toBe(true);
    });
    expect([await hasRow(f.id), hasBytes(f.key)]).toEqual([false, false]);
  });

  it('keeps row and bytes when the transaction rolls back', async () => {
    const f = await uploadOne();
    await expect(withFileRemoval(db, storage, async (tx, drop) => {
      drop(await deleteFileRows(tx, [f.id]));
      throw new Error('the document save failed');
    })).rejects.toThrow('the document save failed');
    expect([await hasRow(f.id), hasBytes(f.key)]).toEqual([true, true]);
  });
});

describe('the sweep racing attaches', () => {
  it('passes by a file an open attach holds, which then attaches', async () => {
    const f = await uploadOne();
    const org = (await pool.query('SELECT org_id::text AS org FROM sys_file WHERE id = $1', [f.id])).rows[0].org as string;
    const vehicleId = await makeVehicle(db, plant, testPlate('J'));
    await db.transaction().execute(async (tx) => {
      expect(await holdFiles(tx, org, [f.id])).toEqual([]);
      // another instance sweeps while this attach is open
      await sweep();
      await tx.updateTable('md_vehicle').set({ main_vehicle_photo_id: f.id }).where('id', '=', vehicleId).execute();
    });
    expect([await hasRow(f.id), hasBytes(f.key)]).toEqual([true, true]);
  });

  it('never leaves a reference to a removed file: each attach wins or is refused', async () => {
    const n = 16;
    const files: { id: string; key: string }[] = [];
    for (let i = 0; i < n; i++) files.push(await uploadOne());
    const org = (await pool.query('SELECT org_id::text AS org FROM sys_file WHERE id = $1', [files[0].id])).rows[0].org as string;
    const vehicles: string[] = [];
    for (let i = 0; i < n; i++) vehicles.push(await makeVehicle(db, plant, testPlate('K')));

    // half attach as a weighing does (hold, then write), half as the vehicle form does (the foreign key alone)
    const attach = async (i: number): Promise<'attached' | 'refused'> => {
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      try {
        return await db.transaction().execute(async (tx) => {
          if (i % 2 === 0 && (await holdFiles(tx, org, [files[i].id])).length > 0) return 'refused';
          await tx.updateTable('md_vehicle').set({ main_vehicle_photo_id: files[i].id }).where('id', '=', vehicles[i]).execute();
          return 'attached';
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23503') return 'refused';
        throw err;
      }
    };
    const sweeps = [0, 5, 10, 15].map(async (ms) => {
      await new Promise((r) => setTimeout(r, ms));
      return sweepFiles(db, storage, { graceMs: GRACE, now: later, batch: 3 });
    });
    const [outcomes, results] = await Promise.all([Promise.all(files.map((_, i) => attach(i))), Promise.all(sweeps)]);

    for (const [i, f] of files.entries()) {
      const row = await hasRow(f.id);
      const { rows: [v] } = await pool.query('SELECT main_vehicle_photo_id::text AS photo FROM md_vehicle WHERE id = $1', [vehicles[i]]);
      if (outcomes[i] === 'attached') {
        expect(v.photo).toBe(f.id);
        expect([row, hasBytes(f.key)]).toEqual([true, true]);
      } else {
        expect(v.photo).toBeNull();
        expect([row, hasBytes(f.key)]).toEqual([false, false]);
      }
    }
    // whatever the sweeps removed, they removed once
    const removed = results.reduce((sum, r) => sum + r.rows, 0);
    expect(removed).toBe(outcomes.filter((o) => o === 'refused').length);
  });

  it('sweeps once when several instances start it together', async () => {
    const files = [await uploadOne(), await uploadOne(), await uploadOne()];
    // an instance in the middle of its sweep holds the lock: another one's does nothing
    const busy = await pool.connect();
    try {
      await busy.query(`SELECT pg_advisory_lock(hashtext('platform/files sweep'))`);
      expect(await sweep()).toEqual({ rows: 0, orphans: 0, skipped: true });
      expect(await hasRow(files[0].id)).toBe(true);
    } finally {
      await busy.query(`SELECT pg_advisory_unlock(hashtext('platform/files sweep'))`);
      busy.release();
    }
    const results = await Promise.all([sweep(), sweep(), sweep()]);
    expect(results.reduce((sum, r) => sum + r.rows, 0)).toBe(3);
    for (const f of files) expect(await hasRow(f.id)).toBe(false);
  });
});

describe('the sweep with the app', () => {
  it('reads its grace period and interval from the configuration', () => {
    expect(config.storage.orphanGraceMs).toBe(24 * HOUR);
    expect(config.storage.sweepIntervalMs).toBe(0);
  });
  it('keeps files of another company apart: a hold answers only the caller company’s files', async () => {
    const f = await uploadOne();
    const other = await orgId(pool, 'HDJC');
    const missing = await db.transaction().execute((tx) => holdFiles(tx, other, [f.id]));
    expect(missing).toEqual([f.id]);
  });
});
