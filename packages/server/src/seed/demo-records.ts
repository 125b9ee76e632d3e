import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../platform/db/pool';
import { openSession, revokeSession } from '../platform/auth/sessions';
import { tokenHash } from '../platform/auth/secrets';
import { DemoCall, found, materialOf, partnerOf, warehouseOf } from './demo-day';

/**
 * The demo plant's desk work ready to be done, after its morning (seed/demo-day.ts), made through
 * the platform's own calls:
 * - coal trucks of vendor GYS0006 hauled by carrier CYS002 and cement trucks of customer KH0001
 *   hauled by CYS003, weighed both ways and audited, not posted: 采购结算 / 销售结算 and 运费结算
 *   find candidates for them (the morning's trucks name no carrier, and its purchase tickets are
 *   held by the demo's draft settlement);
 * - the gate's records: an appointment rule, two pass cards (a truck, a visitor) and a QR-code rule;
 * - enabled auto models for the purchase materials of the demo (limestone and coal), so 合格 at the
 *   sampling point makes a sample.
 * One step of sys_seed_step ('demo:records'): taken once, in the plant that got the demo morning.
 */

export const DEMO_RECORDS_STEP = 'demo:records';

interface Trip { plate: string; driver: string; first: string; second: string }

interface Haul {
  kind: 'pu' | 'sa';
  partner: { column: 'vendorId' | 'customerId'; table: 'md_vendor' | 'md_customer'; codeColumn: 'vendor_code' | 'customer_code'; code: string };
  carrier: string;
  material: string;
  warehouse: string;
  price: string;
  preLoad: string;
  trips: Trip[];
}

const HAULS: Haul[] = [
  {
    kind: 'pu', partner: { column: 'vendorId', table: 'md_vendor', codeColumn: 'vendor_code', code: 'GYS0006' }, carrier: 'CYS002', material: '0201001', warehouse: 'CK02',
    price: '860', preLoad: '33',
    trips: [
      { plate: '浙E3C301', driver: '孔祥瑞', first: '48.76', second: '15.92' },
      { plate: '浙E3C302', driver: '曹明亮', first: '49.18', second: '16.20' },
      { plate: '浙E3C303', driver: '严志华', first: '47.64', second: '15.74' },
    ],
  },
  {
    kind: 'sa', partner: { column: 'customerId', table: 'md_customer', codeColumn: 'customer_code', code: 'KH0001' }, carrier: 'CYS003', material: '0502001', warehouse: 'CK05',
    price: '355', preLoad: '34',
    trips: [
      { plate: '浙E5D401', driver: '华永刚', first: '15.26', second: '49.70' },
      { plate: '浙E5D402', driver: '金立新', first: '15.04', second: '48.96' },
    ],
  },
];

/** The purchase materials of the demo and the lab format each is assayed by (YM-01 is the quality demo's). */
const AUTO_MODELS = [
  { material: '0101001', format: { formatCode: 'SHS-01', formatName: '石灰石化验', items: ['001', '002'] }, remark: '演示：石灰石按石灰石化验模板' },
  { material: '0201001', format: null, remark: '演示：烟煤按烟煤化验模板' },
];

/** Whether this database holds the demo morning (its first purchase truck's weighing), which the records follow. */
export async function hasDemoMorning(db: Database): Promise<boolean> {
  return !!(await db.selectFrom('wb_weighing').select('id').where('request_id', '=', 'demo-pu-0-1').executeTakeFirst());
}

/** Runs the step once; false when it was taken already. */
export async function seedDemoRecords(app: FastifyInstance, db: Database, config: Config): Promise<boolean> {
  const { rows } = await sql<{ step: string }>`INSERT INTO sys_seed_step (step) VALUES (${DEMO_RECORDS_STEP}) ON CONFLICT (step) DO NOTHING RETURNING step`.execute(db);
  if (rows.length === 0) return false;
  try {
    await asDemoAdmin(app, db, config, 'demo-records', async (call, orgId) => {
      for (const haul of HAULS) await runHaul(db, call, orgId, haul);
      await gateRecords(call);
      await autoModels(db, call, orgId);
    });
  } catch (err) {
    // not taken: a later start may try again
    await sql`DELETE FROM sys_seed_step WHERE step = ${DEMO_RECORDS_STEP}`.execute(db);
    throw err;
  }
  return true;
}

/** A session of the demo plant's administrator in its company HDSN, opened in the database (no sign-in, no captcha); close() revokes it. */
export async function demoAdminSession(db: Database, config: Config, deviceId: string): Promise<{ token: string; orgId: string; close(): Promise<void> }> {
  const admin = await db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirst();
  const org = await db.selectFrom('sys_org').select('id').where('org_code', '=', 'HDSN').executeTakeFirst();
  if (!admin || !org) throw new Error('the demo plant (company HDSN, user admin) is not in this database');
  await db.updateTable('sys_user').set({ current_org_id: org.id }).where('id', '=', admin.id).execute();
  const session = await openSession(db, config, admin, { clientId: 'weighbridge', ip: '127.0.0.1', deviceId });
  return {
    token: session.access_token, orgId: org.id,
    async close() {
      const row = await db.selectFrom('auth_session').select('id').where('access_hash', '=', tokenHash(session.access_token)).executeTakeFirst();
      if (row) await revokeSession(db, row.id);
    },
  };
}

/** The demo administrator's calls (through the app, as the screens make them) for the length of `work`. */
async function asDemoAdmin<T>(app: FastifyInstance, db: Database, config: Config, deviceId: string, work: (call: DemoCall, orgId: string) => Promise<T>): Promise<T> {
  const session = await demoAdminSession(db, config, deviceId);
  try {
    return await work(new DemoCall(app, `Bearer ${session.token}`), session.orgId);
  } finally {
    await session.close();
  }
}

async function carrierOf(db: Database, orgId: string, code: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT a.archive_id::text AS id FROM md_carrier_alloc a JOIN md_carrier c ON c.id = a.archive_id
                                            WHERE a.org_id = ${orgId} AND c.carrier_code = ${code}`.execute(db);
  return found(rows[0], `carrier ${code}`);
}

async function runHaul(db: Database, call: DemoCall, orgId: string, haul: Haul): Promise<void> {
  const partnerId = await partnerOf(db, orgId, haul.partner as Parameters<typeof partnerOf>[2]);
  const materialId = await materialOf(db, orgId, haul.material);
  const warehouseId = await warehouseOf(db, orgId, haul.warehouse);
  const carrierId = await carrierOf(db, orgId, haul.carrier);
  const year = new Date().getFullYear();
  const notice = await call.send<{ id: string }>('POST', `/api/notice/${haul.kind}/create`, {
    entity: { [haul.partner.column]: partnerId, carrierId, startTime: `${year}-01-01 00:00:00`, endTime: `${year + 1}-12-31 23:59:59`, ctrlMode: 'QUANTITY', contractNo: `HT-${year}-${haul.kind.toUpperCase()}02` },
    entitysub: [{ materialId, warehouseId, quantity: '1000', price: haul.price, controlRate: '5' }],
  });
  await call.send('POST', `/api/notice/${haul.kind}/audit`, { ids: [notice.id] });
  const lineId = found(await db.selectFrom('wb_notice_line').select('id').where('notice_id', '=', notice.id).orderBy('seq').executeTakeFirst(), 'the notice line');
  const station = haul.kind === 'pu' ? '1#' : '2#';
  const tickets: string[] = [];
  for (const [i, trip] of haul.trips.entries()) {
    const registry = await call.send<{ id: string }>('POST', `/api/registry/${haul.kind}/create`, {
      entity: {
        plateNumber: trip.plate, noticeLineId: lineId, preQuantity: haul.preLoad, driverName: trip.driver, carrierId,
        ...(haul.kind === 'pu' ? { shippedQuantity: (Number(trip.first) - Number(trip.second)).toFixed(2) } : {}),
      },
    });
    await call.send('POST', `/api/registry/${haul.kind}/audit`, { ids: [registry.id] });
    await call.send('POST', `/api/registry/${haul.kind}/letin`, { ids: [registry.id] });
    const first = await call.send<{ ticketId: string }>('POST', `/api/weigh/${haul.kind}/first`, {
      registryId: registry.id, weight: trip.first, stationId: station, requestId: `demo-records-${haul.kind}-${i}-1`,
    });
    await call.send('POST', `/api/confirm/${haul.kind}/submit`, { id: first.ticketId, button: 'CONFIRM' });
    await call.send('POST', `/api/weigh/${haul.kind}/second`, {
      ticketId: first.ticketId, weight: trip.second, stationId: station, requestId: `demo-records-${haul.kind}-${i}-2`,
    });
    tickets.push(first.ticketId);
  }
  // audited, not posted: ready for the accountant's settlements
  await call.send('POST', `/api/weigh/${haul.kind}/audit`, { ids: tickets });
}

async function gateRecords(call: DemoCall): Promise<void> {
  const now = new Date();
  const day = (offset: number) => {
    const d = new Date(now.getTime() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await call.send('POST', '/api/gate/appointment/create', {
    entity: { ruleName: '原燃料进厂预约', kind: 'pu', dayQuota: 300, remark: '演示：采购车辆每日入厂限额' },
  });
  await call.send('POST', '/api/gate/pass-card/create', {
    entity: { holderKind: 'TRUCK', plateNumber: '浙E9T001', reason: '设备检修物资运送', validFrom: `${day(0)} 00:00:00`, validTo: `${day(30)} 23:59:59`, remark: '演示' },
  });
  await call.send('POST', '/api/gate/pass-card/create', {
    entity: { holderKind: 'VISITOR', visitorName: '陈立新', idNumber: '330501198805123216', reason: '客户来访', validFrom: `${day(0)} 08:00:00`, validTo: `${day(1)} 18:00:00`, remark: '演示' },
  });
  await call.send('POST', '/api/gate/qrcode-rule/create', {
    entity: { ruleName: '登记单二维码当日有效', target: 'REGISTRY', validMinutes: 1440, remark: '演示' },
  });
}

async function autoModels(db: Database, call: DemoCall, orgId: string): Promise<void> {
  for (const m of AUTO_MODELS) {
    const materialId = await materialOf(db, orgId, m.material);
    let formatId: string;
    if (m.format) {
      const made = await call.send<{ id: string }>('POST', '/api/quality/format/create', {
        entity: { formatCode: m.format.formatCode, formatName: m.format.formatName, recheckMode: 'AVERAGE', batchTrucks: 0, remark: '演示' },
        entitysub: m.format.items.map((itemCode) => ({ itemCode })),
      });
      formatId = String(made.id);
    } else {
      formatId = found(await db.selectFrom('qm_format').select('id').where('org_id', '=', orgId).where('format_code', '=', 'YM-01').executeTakeFirst(), 'format YM-01');
    }
    const existing = await db.selectFrom('qm_auto_model').select(['id', 'enabled']).where('org_id', '=', orgId).where('material_id', '=', materialId).executeTakeFirst();
    const model = existing ?? await call.send<{ id: string; enabled?: boolean }>('POST', '/api/quality/auto-model/create', { entity: { materialId, formatId, enabled: true, remark: m.remark } });
    const row = await db.selectFrom('qm_auto_model').select('enabled').where('id', '=', String(model.id)).executeTakeFirstOrThrow();
    if (!row.enabled) await call.send('POST', '/api/quality/auto-model/enable', { ids: [String(model.id)] });
  }
}
