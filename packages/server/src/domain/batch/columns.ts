import type { MenuButtonSeed } from '../../platform/menu/define';
import { ROLE } from '../../platform/menu/define';
import type { FieldDef } from '../../platform/templates/define';

/**
 * What the batch archive (gate/archives.ts, md_batch) shows and offers beyond its own fields: its
 * silo, what its tickets took and what remains, whether it is closed; and the calls of this family
 * on its rows (module.ts).
 */
export const COUNTED_STATES = ['COMPLETED', 'AUDITED', 'POSTED'] as const;

/**
 * The nets of the batch's tickets that count (a voided or unfinished ticket takes nothing), a return
 * (退货, which keeps its original's batch) giving its net back, as SQL on the batch row `t`.
 */
export const shippedSql = (b = 't') =>
  `(SELECT coalesce(sum(CASE WHEN x.source_ticket_id IS NULL THEN x.net ELSE -x.net END), 0) FROM wb_ticket x WHERE x.org_id = ${b}.org_id AND x.batch_id = ${b}.id AND x.state IN (${COUNTED_STATES.map((s) => `'${s}'`).join(', ')}))`;

export const BATCH_COLUMNS: FieldDef[] = [
  { fieldName: 'siloName', fieldExplain: '筒仓', fieldExplainEn: 'Silo', fieldType: 'TEXT', columnSql: '(SELECT s.silo_name FROM md_silo s WHERE s.org_id = t.org_id AND s.id = t.silo_id)', columnWidth: 110 },
  { fieldName: 'shipped', fieldExplain: '已发量(吨)', fieldExplainEn: 'Shipped (t)', fieldType: 'NUMBER', columnSql: `trim_scale(${shippedSql()})::text`, displayKind: 'weight', columnWidth: 100 },
  { fieldName: 'remaining', fieldExplain: '剩余量(吨)', fieldExplainEn: 'Remaining (t)', fieldType: 'NUMBER', columnSql: `trim_scale(t.quantity - ${shippedSql()})::text`, displayKind: 'weight', columnWidth: 100 },
  { fieldName: 'closedAt', fieldExplain: '关闭时间', fieldExplainEn: 'Closed at', fieldType: 'DATE', columnSql: 't.closed_at', columnWidth: 170 },
];

const { operator: OP, quality: QC, sampler: SP } = ROLE;
export const BATCH_PERMISSION = { detail: 'md_batch_detail', open: 'md_batch_open', close: 'md_batch_close', tests: 'md_batch_tests' } as const;

export const BATCH_BUTTONS: MenuButtonSeed[] = [
  // the batch's tickets, remaining quantity, test values and silo (web pages/batch-dialogs)
  { name: '批次详情', en: 'Batch detail', permission: BATCH_PERMISSION.detail, component: 'page:batchDetail', roles: [OP, QC, SP] },
  // the lab opens a batch on its silo (a new number, or the chosen row) and enters its test values (web pages/ticket-dialogs)
  { name: '开仓', en: 'Open on silo', permission: BATCH_PERMISSION.open, component: 'page:batchOpen', roles: [OP, QC] },
  { name: '检验值', en: 'Test values', permission: BATCH_PERMISSION.tests, component: 'page:batchTests', roles: [QC, SP] },
  { name: '关闭批次', en: 'Close batch', permission: BATCH_PERMISSION.close, component: 'batch:close', roles: [OP] },
];
