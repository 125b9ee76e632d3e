import type { ListRequest, SearchCondition } from '@wb/protocol';
import { hasPermission } from '../../platform/auth/permissions';
import type { ListCall, ListRow } from '../../platform/list/route';
import { CONFIRM_GRIDS, type ConfirmGrid, gridPermission } from './grids';
import { STATE_FROM_DB } from './repo';
import { actionable, confirmButtons } from './rules';

/** What every search of a grid is held to: its kind and side, sampled materials for sampling, trucks still at the site unless a state is asked for. */
export function gridConditions(grid: ConfirmGrid, search: NonNullable<ListRequest['search']>): SearchCondition[] {
  const g = CONFIRM_GRIDS[grid];
  const forced: SearchCondition[] = [{ key: 'kind', op: 'eq', val: g.kind }];
  if (g.side) forced.push({ key: 'side', op: 'eq', val: g.side });
  if (g.sampling) forced.push({ key: 'isSample', op: 'eq', val: true });
  const asksState = search.some((c) => 'key' in c && c.key === 'state' && c.val !== '' && c.val != null);
  if (!asksState) forced.push({ key: 'atSite', op: 'eq', val: true });
  return forced;
}

/** A listed row with its buttons and whether the caller may press them (spec section 4: confirmSubButs, ihandle). */
function withButtons(row: ListRow, sampling: boolean, mayPress: boolean): ListRow {
  const buttons = confirmButtons({
    ticket: {
      code: String(row.ticketNo), state: STATE_FROM_DB[row.state as keyof typeof STATE_FROM_DB], uploaded: row.uploaded === true,
      sceneConfirm: row.sceneConfirm === true, returned: row.returned === true, isReturn: row.isReturn === true, hasFirstWeighing: row.hasFirstWeighing === true,
    },
    sampleState: (row.rawSampleState as 'QUALIFIED' | 'UNQUALIFIED' | null) ?? null,
  }, sampling);
  return { ...row, confirmSubButs: buttons, ihandle: mayPress && actionable(true, buttons) };
}

/** The rows as the grid shows them: each with the buttons the server offers and ihandle. */
export async function decorateGrid(grid: ConfirmGrid, rows: ListRow[], call: ListCall): Promise<ListRow[]> {
  const mayPress = await hasPermission(call.db, call.who, gridPermission(grid, 'submit'));
  return rows.map((row) => withButtons(row, CONFIRM_GRIDS[grid].sampling, mayPress));
}
