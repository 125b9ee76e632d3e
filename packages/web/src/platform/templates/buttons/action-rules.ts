import { CONTRACT_SELECTION_MESSAGE, familyButtonAction, isContractBase, rowsAllow, type ButtonAction, type FamilyButtonAction } from '@wb/protocol';

/** The spec's messages for a selection a button cannot take (screens section 5). */
export const SELECTION_MESSAGES = {
  deleteNone: '请选择要删除的数据',
  atLeastOne: '请至少选择一条数据！',
  atMostOne: '最多选择一条数据！',
} as const;

export const CONFIRM_MESSAGES = {
  delList: '此操作将永久删除该数据, 是否继续?',
  obsolete: '此操作将作废该数据, 是否继续?',
} as const;

export interface SelectionCheckOptions {
  /** the family copies several rows in one call (POST {base}/copy with ids) */
  multiCopy?: boolean;
}

/** Why an action cannot run on this many selected rows, or null when it can. */
export function selectionProblem(action: ButtonAction, selected: number, options: SelectionCheckOptions = {}): string | null {
  switch (action) {
    case 'view':
    case 'create':
    case 'export':
    case 'import':
      return null;
    case 'delList':
      return selected === 0 ? SELECTION_MESSAGES.deleteNone : null;
    case 'update':
      if (selected === 0) return SELECTION_MESSAGES.atLeastOne;
      return selected > 1 ? SELECTION_MESSAGES.atMostOne : null;
    case 'copy':
      if (selected === 0) return SELECTION_MESSAGES.atLeastOne;
      return selected > 1 && !options.multiCopy ? SELECTION_MESSAGES.atMostOne : null;
    default:
      return selected === 0 ? SELECTION_MESSAGES.atLeastOne : null;
  }
}

/**
 * A selection problem as the list at `base` words it: a contract's action clicked with no row
 * selected says 请选择要操作的信息 (spec: Contract action needs selection), the others keep theirs.
 */
export function selectionMessageOn(base: string, problem: string | null, selected: number): string | null {
  if (problem === null) return null;
  return selected === 0 && isContractBase(base) ? CONTRACT_SELECTION_MESSAGE : problem;
}

/** The question asked before an action that cannot be undone, or null. */
export function confirmationOf(action: ButtonAction): string | null {
  return action === 'delList' || action === 'obsolete' ? CONFIRM_MESSAGES[action] : null;
}

/**
 * Why a family's own action cannot run on this many selected rows, or null: a batch needs one row
 * at least, a one-row action exactly one; a page action's handler decides for itself.
 */
export function familySelectionProblem(action: FamilyButtonAction, selected: number): string | null {
  if (action.kind === 'page') return null;
  if (selected === 0) return SELECTION_MESSAGES.atLeastOne;
  return action.kind === 'one' && selected > 1 ? SELECTION_MESSAGES.atMostOne : null;
}

/**
 * Family actions that cannot be taken back without another document, asked first (spec section 4:
 * delete and obsolete ask confirmation; the trade asks the same before stock is reversed or a
 * truck is released).
 */
export const FAMILY_CONFIRMATIONS: Readonly<Record<string, string>> = {
  reversedown: '此操作将冲回该单据的库存记录, 是否继续?',
  letout: '确认放行所选车辆出厂?',
  updateDel: '此操作将删除该数据, 是否继续?',
  stop: '确认停止该定时任务?',
  remove: '此操作将删除该定时任务及其运行记录, 是否继续?',
};

/**
 * Whether the selected rows' lifecycle lets this button act (protocol documents.ts
 * ROW_ACTIONS_FIELD): a button is named by its action (`audit`) or its family action's name
 * (`batch:returnGoods` -> returnGoods); a row that does not say lets it act, and the server decides.
 */
export function rowsAllowButton(component: string | null | undefined, rows: readonly Record<string, unknown>[]): boolean {
  if (!component) return true;
  return rowsAllow(rows, familyButtonAction(component)?.name ?? component);
}
