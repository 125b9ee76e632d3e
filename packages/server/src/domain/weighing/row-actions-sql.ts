import { STATE_TO_DB } from './repo';
import { FLAGS, rowActionsTable } from './rules/row-actions';
import { TICKET_STATES } from './rules/transitions';

/**
 * The list's rowActions column (protocol documents.ts ROW_ACTIONS_FIELD): the row's state and facts
 * counted into the place of rules/row-actions.ts's table, looked up in that table written out as a
 * constant, so the list offers what the ticket's own lifecycle allows and no second copy of its
 * rules lives in SQL. Each fact here is the SQL of the flag of the same place in FLAGS.
 */
const FLAG_SQL: Record<(typeof FLAGS)[number], string> = {
  uploaded: 't.uploaded_at IS NOT NULL',
  returned: `EXISTS (SELECT 1 FROM wb_ticket r WHERE r.org_id = t.org_id AND r.source_ticket_id = t.id AND r.state <> 'OBSOLETE')`,
  isReturn: 't.source_ticket_id IS NOT NULL',
  hasFirstWeighing: '(t.gross IS NOT NULL OR t.tare IS NOT NULL)',
  returnPosted: `EXISTS (SELECT 1 FROM wb_ticket r WHERE r.org_id = t.org_id AND r.source_ticket_id = t.id AND r.state <> 'OBSOLETE' AND r.state = 'POSTED')`,
  sourceUnposted: `(t.source_ticket_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wb_ticket o WHERE o.org_id = t.org_id AND o.id = t.source_ticket_id AND o.state = 'POSTED'))`,
  hasNet: 't.net IS NOT NULL',
  manual: 't.manual',
};

/** The row's place in the table: the locked half or not, its state's block of 2^FLAGS, then its flags as a binary number. */
function placeSql(): string {
  const block = 1 << FLAGS.length;
  const locked = `CASE WHEN t.locked_by_id IS NOT NULL OR EXISTS (SELECT 1 FROM wb_settlement_row r WHERE r.scope = 'GOODS' AND r.ticket_id = t.id) OR t.freight_settled_by_id IS NOT NULL THEN ${TICKET_STATES.length * block} ELSE 0 END`;
  const state = `CASE t.state ${TICKET_STATES.map((s, i) => `WHEN '${STATE_TO_DB[s]}' THEN ${i * block}`).join(' ')} END`;
  const bits = FLAGS.map((f, i) => `CASE WHEN ${FLAG_SQL[f]} THEN ${1 << i} ELSE 0 END`);
  return `${locked} + ${state} + ${bits.join(' + ')}`;
}

/** The distinct answers once each, and per place the index of its answer: a few kilobytes of constant. */
export function rowActionsSql(): string {
  const answers: string[] = [];
  const places = Object.values(rowActionsTable()).map((answer) => {
    const text = JSON.stringify(answer);
    const at = answers.indexOf(text);
    return at >= 0 ? at : answers.push(text) - 1;
  });
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return `(${quote(`[${answers.join(',')}]`)}::jsonb -> (${quote(`{${places.join(',')}}`)}::int[])[${placeSql()} + 1])`;
}
