import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's contracts, made through the contract calls as the accountant makes them: a
 * purchase contract with the limestone vendor and a sales contract with the cement customer, both
 * audited, whose lines the demo morning's notices draw on.
 */
interface DemoCaller {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

const CONTRACTS = [
  { kind: 'pu', party: 'vendorCode', code: 'GYS0001', material: '0101001', quantity: '36000', price: '38', tolerance: '5', settleBasis: 'LESSER', freightTerms: 'DELIVERED', paymentTerms: 'CREDIT', creditDays: 30 },
  { kind: 'sa', party: 'customerCode', code: 'KH0001', material: '0502001', quantity: '24000', price: '355', tolerance: '5', settleBasis: 'OUR_NET', freightTerms: 'EX_WORKS', paymentTerms: 'PREPAID', creditDays: null },
] as const;

/** The contract line each kind's demo notice draws on (合同号-行号). */
export type DemoContractLines = Partial<Record<'pu' | 'sa', string>>;

export async function seedContractDemo(db: Database, call: DemoCaller, orgId: string): Promise<DemoContractLines> {
  const year = new Date().getFullYear();
  const lines: DemoContractLines = {};
  for (const c of CONTRACTS) {
    const party = await partyId(db, orgId, c.kind, c.code);
    const material = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id').select('a.archive_id as id')
      .where('a.org_id', '=', orgId).where('m.inv_code', '=', c.material).executeTakeFirstOrThrow();
    const created = await call.send<{ id: string; contractNo: string }>('POST', `/api/contract/${c.kind}/create`, {
      entity: {
        [c.kind === 'pu' ? 'vendorId' : 'customerId']: party, signDate: `${year}-01-01`, validFrom: `${year}-01-01`, validTo: `${year + 1}-12-31`,
        taxRate: '13', tolerance: c.tolerance, settleBasis: c.settleBasis, freightTerms: c.freightTerms, paymentTerms: c.paymentTerms, creditDays: c.creditDays, remark: '演示合同',
      },
      entitysub: [{ materialId: material.id, quantity: c.quantity, price: c.price, lineTaxRate: '13' }],
    });
    await call.send('POST', `/api/contract/${c.kind}/audit`, { ids: [created.id] });
    lines[c.kind] = `${created.contractNo}-1`;
  }
  return lines;
}

async function partyId(db: Database, orgId: string, kind: 'pu' | 'sa', code: string): Promise<string> {
  const row = kind === 'pu'
    ? await db.selectFrom('md_vendor_alloc as a').innerJoin('md_vendor as v', 'v.id', 'a.archive_id').select('a.archive_id as id').where('a.org_id', '=', orgId).where('v.vendor_code', '=', code).executeTakeFirstOrThrow()
    : await db.selectFrom('md_customer_alloc as a').innerJoin('md_customer as c', 'c.id', 'a.archive_id').select('a.archive_id as id').where('a.org_id', '=', orgId).where('c.customer_code', '=', code).executeTakeFirstOrThrow();
  return String(row.id);
}
