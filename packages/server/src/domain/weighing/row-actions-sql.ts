import { STATE_TO_DB } from './repo';
import { rowActionsTable } from './rules/row-actions';
import { TICKET_STATES } from './rules/transitions';

/**
 * The list's rowActions column (protocol documents.ts ROW_ACTIONS_FIELD): the row's facts made into
 * the key of rules/row-actions.ts, looked up in that table written out as a constant, so the list
 * offers what the ticket's own lifecycle allows and no second copy of its rules lives in SQL.
 * The flags in FLAGS order: uploaded, returned, isReturn, hasFirstWeighing, returnPosted, sourceUnposted.
 */
function factsKeySql(): string {
  const state = `CASE t.state ${TICKET_STATES.map((s) => `WHEN '${STATE_TO_DB[s]}' THEN '${s}'`).join(' ')} END`;
  const bit = (cond: string) => `CASE WHEN ${cond} THEN '1' ELSE '0' END`;
  const liveReturn = `SELECT 1 FROM wb_ticket r WHERE r.org_id = t.org_id AND r.source_ticket_id = t.id AND r.state <> 'OBSOLETE'`;
  const flags = [
    't.uploaded_at IS NOT NULL',
    `EXISTS (${liveReturn})`,
    't.source_ticket_id IS NOT NULL',
    '(t.gross IS NOT NULL OR t.tare IS NOT NULL)',
    `EXISTS (${liveReturn} AND r.state = 'POSTED')`,
    `(t.source_ticket_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wb_ticket o WHERE o.org_id = t.org_id AND o.id = t.source_ticket_id AND o.state = 'POSTED'))`,
  ];
  return `${state} || ':' || ${flags.map(bit).join(' || ')}`;
}

/** The distinct answers once each, and the key pointing at its answer's place: a few kilobytes of constant. */
export function rowActionsSql(): string {
  const table = rowActionsTable();
  const answers: string[] = [];
  const index: Record<string, number> = {};
  for (const [key, answer] of Object.entries(table)) {
    const text = JSON.stringify(answer);
    let at = answers.indexOf(text);
    if (at < 0) at = answers.push(text) - 1;
    index[key] = at;
  }
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return `(${quote(`[${answers.join(',')}]`)}::jsonb -> ((${quote(JSON.stringify(index))}::jsonb ->> (${factsKeySql()}))::int))`;
}
