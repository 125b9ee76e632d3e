import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { seedDemoDay } from '../../seed/demo-day';

// The demo morning's freight: CYS002's contract, CYS003's price, and CYS002's plan priced by its contract.
const { app, database, config } = await createTestApp();
const { pool, db } = database;

describe('the demo freight', () => {
  it('has the raw-material carrier\'s contract in force, the tankers\' price, and a plan confirmed over the morning\'s purchase trucks', async () => {
    await seedDemoDay(app, db, config);
    const { rows: prices } = await pool.query(`SELECT p.kind, c.carrier_code, trim_scale(p.price)::text AS price, p.charge_mode, p.contract_id IS NOT NULL AS of_contract
      FROM wb_freight_price p JOIN md_carrier c ON c.id = p.carrier_id WHERE p.doc_status = 'AUDITED' ORDER BY p.id`);
    expect(prices).toEqual([
      { kind: 'pu', carrier_code: 'CYS002', price: '28', charge_mode: 'TON', of_contract: true },
      { kind: 'pu', carrier_code: 'CYS002', price: '32', charge_mode: 'TON', of_contract: true },
      { kind: 'sa', carrier_code: 'CYS003', price: '0.42', charge_mode: 'TON_KM', of_contract: false },
    ]);
    // the plan on the receiving route takes the contract's route line, the more specific
    const { rows: plans } = await pool.query(`SELECT p.doc_status, p.price_source, trim_scale(p.price)::text AS price, p.basis, trim_scale(p.loss_value)::text AS loss_value
      FROM wb_freight_plan p`);
    expect(plans).toEqual([{ doc_status: 'AUDITED', price_source: 'RESOLVED', price: '28', basis: 'LESSER', loss_value: '0.3' }]);
  });
});
