import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../platform/db/pool';
import { openSession, revokeSession } from '../platform/auth/sessions';
import { tokenHash } from '../platform/auth/secrets';
import { seedCalculationDemo } from '../domain/calculation/demo';
import { seedSettlementDemo } from '../domain/settlement/demo';
import { seedContractDemo, type DemoContractLines } from '../domain/contract/demo';
import { seedFreightDemo } from '../domain/freight/demo';
import { seedLicenceDemo } from '../domain/licence/demo';
import { seedPlanDemo } from '../domain/plan/demo';
import { seedMoneyDemo } from '../domain/money/demo';
import { seedPriceDemo } from '../domain/price/demo';
import { seedQualityDemo } from '../domain/quality/demo';

/**
 * A morning at the demo cement works, made through the platform's own calls (as the screens and the
 * scale stations make them), so every number is one the rules produced: purchase and sales notices,
 * trucks registered, let in, weighed, confirmed at the yard or the silo, completed, audited, posted
 * to stock and let out, and some still on their way through the plant. Runs once, on the start that
 * seeded the plant.
 */

const COMPANY = 'HDSN';

interface Truck {
  plate: string;
  driver: string;
  /** readings in tons: the first and, when the truck got that far, the second */
  first?: string;
  second?: string;
  /** a site deduction in tons entered at confirmation */
  water?: string;
  /** how far it gets: let in only, first weighed, confirmed, completed, posted, out of the gate */
  stage: 'planned' | 'in' | 'first' | 'confirmed' | 'completed' | 'posted' | 'out';
}

interface Plan {
  kind: 'pu' | 'sa';
  partner: { column: 'vendorId' | 'customerId'; table: 'md_vendor' | 'md_customer'; codeColumn: 'vendor_code' | 'customer_code'; code: string };
  material: string;
  warehouse: string;
  quantity: string;
  price: string;
  preLoad: string;
  trucks: Truck[];
}

const PLANS: Plan[] = [
  {
    kind: 'pu', partner: { column: 'vendorId', table: 'md_vendor', codeColumn: 'vendor_code', code: 'GYS0001' }, material: '0101001', warehouse: 'CK01',
    quantity: '3000', price: '38', preLoad: '32',
    trucks: [
      { plate: '浙E3A101', driver: '沈建国', first: '49.36', second: '16.42', water: '0.3', stage: 'out' },
      { plate: '浙E3A102', driver: '钱永明', first: '48.82', second: '16.05', stage: 'out' },
      { plate: '浙E3A103', driver: '吴海峰', first: '50.14', second: '16.88', water: '0.5', stage: 'posted' },
      { plate: '浙E3A104', driver: '周立伟', first: '47.95', second: '15.96', stage: 'completed' },
      { plate: '浙E3A105', driver: '郑小龙', first: '49.02', stage: 'confirmed' },
      { plate: '浙E3A106', driver: '王德胜', first: '48.47', stage: 'first' },
      { plate: '浙E3A107', driver: '冯志强', stage: 'in' },
      { plate: '浙E3A108', driver: '陈光辉', stage: 'planned' },
    ],
  },
  {
    kind: 'sa', partner: { column: 'customerId', table: 'md_customer', codeColumn: 'customer_code', code: 'KH0001' }, material: '0502001', warehouse: 'CK05',
    quantity: '2000', price: '355', preLoad: '34',
    trucks: [
      { plate: '浙E5B201', driver: '褚卫东', first: '15.32', second: '49.86', stage: 'out' },
      { plate: '浙E5B202', driver: '卫国平', first: '14.96', second: '48.90', stage: 'out' },
      { plate: '浙E5B203', driver: '蒋海涛', first: '15.58', second: '50.02', stage: 'posted' },
      { plate: '浙E5B204', driver: '沈林峰', first: '15.10', stage: 'confirmed' },
      { plate: '浙E5B205', driver: '韩明', first: '14.88', stage: 'first' },
      { plate: '浙E5B206', driver: '杨成', stage: 'in' },
    ],
  },
];

/** Opening stock of the silo the sales trucks load from, so the morning does not dig below zero. */
const OPENING_STOCK = [{ warehouse: 'CK05', material: '0502001', quantity: '5000' }];

const ORDER: Truck['stage'][] = ['planned', 'in', 'first', 'confirmed', 'completed', 'posted', 'out'];
const reached = (t: Truck, stage: Truck['stage']) => ORDER.indexOf(t.stage) >= ORDER.indexOf(stage);

export class DemoCall {
  constructor(private readonly app: FastifyInstance, private readonly authorization: string) {}

  async send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> {
    const res = await this.app.inject({ method, url, headers: { authorization: this.authorization }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const body = res.json() as { success: boolean; msg: string; data: T };
    if (res.statusCode !== 200 || !body.success) throw new Error(`demo day: ${method} ${url} answered ${res.statusCode} ${body.msg}`);
    return body.data;
  }
}

export const found = (row: { id: string } | undefined, what: string): string => {
  if (!row) throw new Error(`demo day: ${what} is not in the demo plant`);
  return String(row.id);
};

export const materialOf = async (db: Database, orgId: string, code: string) => found(await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
  .select('a.archive_id as id').where('a.org_id', '=', orgId).where('m.inv_code', '=', code).executeTakeFirst(), `material ${code}`);
export const warehouseOf = async (db: Database, orgId: string, code: string) => found(await db.selectFrom('md_warehouse').select('id')
  .where('org_id', '=', orgId).where('ware_code', '=', code).executeTakeFirst(), `warehouse ${code}`);
export async function partnerOf(db: Database, orgId: string, p: Plan['partner']): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT a.archive_id AS id FROM ${sql.table(`${p.table}_alloc`)} a JOIN ${sql.table(p.table)} x ON x.id = a.archive_id
                                             WHERE a.org_id = ${orgId} AND x.${sql.ref(p.codeColumn)} = ${p.code}`.execute(db);
  return found(rows[0], `partner ${p.code}`);
}

export async function seedDemoDay(app: FastifyInstance, db: Database, config: Config): Promise<void> {
  const admin = await db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const org = await db.selectFrom('sys_org').select('id').where('org_code', '=', COMPANY).executeTakeFirstOrThrow();
  await db.updateTable('sys_user').set({ current_org_id: org.id }).where('id', '=', admin.id).execute();
  const session = await openSession(db, config, admin, { clientId: 'weighbridge', ip: '127.0.0.1', deviceId: 'demo-seed' });
  const call = new DemoCall(app, `Bearer ${session.access_token}`);
  try {
    for (const s of OPENING_STOCK) await openingStock(db, call, org.id, s);
    const contracts = await seedContractDemo(db, call, org.id);
    await seedPriceDemo(db, call, org.id);
    await seedMoneyDemo(db, call, org.id);
    await seedPlanDemo(db, call, org.id);
    await seedLicenceDemo(db, call, org.id);
    await seedQualityDemo(db, call, org.id);
    for (const plan of PLANS) await runPlan(db, call, org.id, plan, contracts);
    // the morning's sales tickets computed: after the trucks, which it reads
    await seedCalculationDemo(db, call, org.id);
    // the carriers' freight, its plan covering the morning's purchase trucks: after them
    await seedFreightDemo(db, call, org.id);
    await seedSettlementDemo(db, call, org.id);
  } finally {
    const row = await db.selectFrom('auth_session').select('id').where('access_hash', '=', tokenHash(session.access_token)).executeTakeFirst();
    if (row) await revokeSession(db, row.id);
  }
}

async function openingStock(db: Database, call: DemoCall, orgId: string, s: (typeof OPENING_STOCK)[number]): Promise<void> {
  const warehouseId = await warehouseOf(db, orgId, s.warehouse);
  const materialId = await materialOf(db, orgId, s.material);
  const early = await call.send<{ id: string }>('POST', '/api/stock/early/create', { entity: { warehouseId, materialId, quantity: s.quantity, remark: '演示期初' } });
  await call.send('POST', '/api/stock/early/audit', { ids: [early.id] });
}

async function runPlan(db: Database, call: DemoCall, orgId: string, plan: Plan, contracts: DemoContractLines = {}): Promise<void> {
  const partnerId = await partnerOf(db, orgId, plan.partner);
  const materialId = await materialOf(db, orgId, plan.material);
  const warehouseId = await warehouseOf(db, orgId, plan.warehouse);
  const today = new Date();
  const year = today.getFullYear();
  const notice = await call.send<{ id: string }>('POST', `/api/notice/${plan.kind}/create`, {
    entity: { [plan.partner.column]: partnerId, startTime: `${year}-01-01 00:00:00`, endTime: `${year + 1}-12-31 23:59:59`, ctrlMode: 'QUANTITY', contractNo: `HT-${year}-${plan.kind.toUpperCase()}01` },
    entitysub: [{ materialId, warehouseId, quantity: plan.quantity, price: plan.price, controlRate: '5', ...(contracts[plan.kind] ? { contractLineCode: contracts[plan.kind] } : {}) }],
  });
  await call.send('POST', `/api/notice/${plan.kind}/audit`, { ids: [notice.id] });
  const lineId = found(await db.selectFrom('wb_notice_line').select('id').where('notice_id', '=', notice.id).orderBy('seq').executeTakeFirst(), 'the notice line');

  for (const [i, truck] of plan.trucks.entries()) {
    const station = plan.kind === 'pu' ? '1#' : '2#';
    const registry = await call.send<{ id: string }>('POST', `/api/registry/${plan.kind}/create`, {
      entity: {
        plateNumber: truck.plate, noticeLineId: lineId, preQuantity: plan.preLoad, driverName: truck.driver,
        ...(plan.kind === 'pu' ? { shippedQuantity: (Number(truck.first ?? 48) - 16).toFixed(2) } : {}),
      },
    });
    await call.send('POST', `/api/registry/${plan.kind}/audit`, { ids: [registry.id] });
    if (!reached(truck, 'in')) continue;
    await call.send('POST', `/api/registry/${plan.kind}/letin`, { ids: [registry.id] });
    if (!reached(truck, 'first') || !truck.first) continue;
    const first = await call.send<{ ticketId: string }>('POST', `/api/weigh/${plan.kind}/first`, {
      registryId: registry.id, weight: truck.first, stationId: station, requestId: `demo-${plan.kind}-${i}-1`,
    });
    if (!reached(truck, 'confirmed')) continue;
    await call.send('POST', `/api/confirm/${plan.kind}/submit`, {
      id: first.ticketId, button: 'CONFIRM', ...(truck.water ? { deductions: [{ kind: 'WATER', mode: 'AMOUNT', value: truck.water }] } : {}),
    });
    if (!reached(truck, 'completed') || !truck.second) continue;
    await call.send('POST', `/api/weigh/${plan.kind}/second`, {
      ticketId: first.ticketId, weight: truck.second, stationId: station, requestId: `demo-${plan.kind}-${i}-2`,
    });
    if (!reached(truck, 'posted')) continue;
    await call.send('POST', `/api/weigh/${plan.kind}/audit`, { ids: [first.ticketId] });
    await call.send('POST', `/api/weigh/${plan.kind}/down`, { ids: [first.ticketId] });
    if (!reached(truck, 'out')) continue;
    await call.send('POST', `/api/registry/${plan.kind}/letout`, { ids: [registry.id] });
  }
}
