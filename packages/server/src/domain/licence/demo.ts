import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's licence: 氨水 (which the plant buys for its kiln's denitrification) listed as
 * the controlled standard product 氨溶液, and customer KH0001 holding an audited grant for it with
 * an authorised collector. The demo morning's trucks carry other materials and run as before.
 */
interface Call { send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> }

const MATERIAL = '0303002';
const CUSTOMER = 'KH0001';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function idOf(db: Database, text: ReturnType<typeof sql<{ id: string }>>, what: string): Promise<string> {
  const { rows } = await text.execute(db);
  if (!rows[0]) throw new Error(`licence demo: ${what} is not in the demo plant`);
  return String(rows[0].id);
}

export async function seedLicenceDemo(db: Database, call: Call, orgId: string): Promise<void> {
  const materialId = await idOf(db, sql<{ id: string }>`SELECT a.archive_id AS id FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id
    WHERE a.org_id = ${orgId} AND m.inv_code = ${MATERIAL}`, `material ${MATERIAL}`);
  const customerId = await idOf(db, sql<{ id: string }>`SELECT a.archive_id AS id FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id
    WHERE a.org_id = ${orgId} AND c.customer_code = ${CUSTOMER}`, `customer ${CUSTOMER}`);
  const product = await call.send<{ id: string }>('POST', '/api/mgp/stand-product/create', {
    entity: { productCode: 'WH2672', productName: '氨溶液[含氨>10%]', controlled: true, unit: '吨', remark: '危险化学品目录第35项' },
  });
  await call.send('POST', '/api/mgp/custom-product/create', { entity: { materialId, standProductId: product.id } });
  const saleType = await call.send<{ id: string }>('POST', '/api/mgp/sale-type/create', { entity: { typeName: '危化品销售' } });
  const division = await call.send<{ id: string }>('POST', '/api/mgp/division/create', { entity: { divisionName: '工程部', customerId } });
  await call.send('POST', '/api/mgp/employee/create', { entity: {
    employeeName: '邱立新', idNumber: '330502198001011231', mobile: '13905721234', customerId, divisionId: division.id, validFrom: day(-30), validTo: day(335),
  } });
  const grant = await call.send<{ id: string }>('POST', '/api/mgp/grant/create', {
    entity: { customerId, divisionId: division.id, issuer: '湖州市应急管理局', saleTypeId: saleType.id, validFrom: day(-30), validTo: day(335) },
    entitysub: [{ standProductId: product.id, quantity: '200' }],
  });
  await call.send('POST', '/api/mgp/grant/audit', { ids: [grant.id] });
}
