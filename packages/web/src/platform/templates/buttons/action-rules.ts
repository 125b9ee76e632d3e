import type { ButtonAction } from '@wb/protocol';

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

/** The question asked before an action that cannot be undone, or null. */
export function confirmationOf(action: ButtonAction): string | null {
  return action === 'delList' || action === 'obsolete' ? CONFIRM_MESSAGES[action] : null;
}
