import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';

/** The demo plant's departments: code, name and the parent's code. */
const DEMO_DEPARTMENTS: Record<string, [string, string, string | null][]> = {
  HDSN: [
    ['01', '综合办公室', null],
    ['02', '生产部', null],
    ['0201', '磨机车间', '02'],
    ['0202', '包装车间', '02'],
    ['03', '物流部', null],
    ['0301', '计量班', '03'],
  ],
  HDJC: [['01', '销售部', null], ['02', '财务部', null]],
};

/** Seeds the departments of the demo companies (parents before their children). */
export async function seedDepartments(tx: Transaction<DB>, orgIds: Map<string, string>): Promise<void> {
  for (const [orgCode, departments] of Object.entries(DEMO_DEPARTMENTS)) {
    const orgId = orgIds.get(orgCode);
    if (!orgId) continue;
    for (const [code, name, parent] of departments) {
      await sql`INSERT INTO sys_department (org_id, dept_code, dept_name, parent_id, sort)
                SELECT ${orgId}::bigint, ${code}::text, ${name}::text,
                       (SELECT id FROM sys_department WHERE org_id = ${orgId}::bigint AND dept_code = ${parent}::text), ${code.length === 2 ? Number(code) : 0}::int`.execute(tx);
    }
  }
}
