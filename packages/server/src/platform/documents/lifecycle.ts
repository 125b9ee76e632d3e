import type { DocStatus as ArchiveStatus } from '../db/schema';

/**
 * A document's lifecycle as one table (DESIGN section 5): for each action, the states it may
 * start from and what it changes. Pure: the routes, the tests and the buttons read the same table.
 *
 * State is the document status (自由 FREE / 已审核 AUDITED / 已作废 OBSOLETE) and the enabled
 * switch. Families without a status column are always FREE. Family-specific states (an IC card's
 * NORMAL / LOST) are a second column the family's own actions move.
 */
/**
 * Documents that stop taking work without being voided (a notice no more trucks come for) are
 * CLOSED; a contract ended before its term is TERMINATED.
 */
export type DocStatus = ArchiveStatus | 'CLOSED' | 'TERMINATED';

export interface DocState {
  code: string;
  status: DocStatus;
  enabled: boolean;
  /** the family's own state column, when it has one (IC card: NORMAL, LOST, ...) */
  extra?: string | null;
}

/** What an allowed action writes: a new status, the switch, the family's own state. */
export interface Change {
  status?: DocStatus;
  enabled?: boolean;
  extra?: string;
}

export interface Transition {
  /** statuses it may start from */
  from: readonly DocStatus[];
  /** the enabled value it needs (enable needs a disabled row) */
  whenEnabled?: boolean;
  /** the family state it needs */
  whenExtra?: readonly string[];
  change: Change;
  /** the way out a refusal names, by the state that stands in the way (an audited contract: 请通过补充协议变更) */
  hint?: Partial<Record<DocStatus, string>>;
}

/** Lifecycle actions: the contract's state actions, the family's own, and the two edits. */
export type Lifecycle = Readonly<Record<string, Transition>>;

export const STATUS_WORDS: Record<DocStatus, string> = { FREE: '未审核', AUDITED: '已审核', CLOSED: '已关闭', TERMINATED: '已终止', OBSOLETE: '已作废' };

export const ACTION_WORDS: Record<string, string> = {
  audit: '审核', unaudit: '反审核', obsolete: '作废', recover: '恢复', enable: '启用', disable: '停用',
  update: '修改', delete: '删除', loss: '挂失', reuse: '解除挂失', close: '关闭', reopen: '重新打开', terminate: '终止',
};

const ALL: readonly DocStatus[] = ['FREE', 'AUDITED', 'OBSOLETE'];
const IN_USE: readonly DocStatus[] = ['FREE', 'AUDITED'];

/**
 * Group archives (vendors, customers, carriers, materials), as an ERP keeps them: audited means
 * documents may rely on the archive, so it is changed or deleted only after un-audit; obsolete
 * takes it out of use (disabled) until recovered; a deleted one is gone, an obsolete one is kept.
 */
export const archiveLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE', enabled: false } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  enable: { from: IN_USE, whenEnabled: false, change: { enabled: true } },
  disable: { from: IN_USE, whenEnabled: true, change: { enabled: false } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE', 'OBSOLETE'], change: {} },
} as const satisfies Lifecycle;

/**
 * A company's document that is written, audited, and voided only as a draft (price lists and
 * adjustments, freight prices, trains): edited and deleted only before its audit, un-audited back
 * to a draft; an obsolete one is kept and can be recovered.
 */
export const draftLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE' } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Lifecycle;

/** Company rows without a status (warehouses, vehicles, drivers, the blacklist): the switch only. */
export const switchLifecycle = {
  enable: { from: ALL, whenEnabled: false, change: { enabled: true } },
  disable: { from: ALL, whenEnabled: true, change: { enabled: false } },
  update: { from: ALL, change: {} },
  delete: { from: ALL, change: {} },
} as const satisfies Lifecycle;

export type Decision = { ok: true; change: Change } | { ok: false; message: string };

/**
 * Whether one row may take an action, and what changes. The refusal names the row by its code,
 * says the state that stands in the way and, where there is one, the way out.
 */
export function decide(lifecycle: Lifecycle, label: string, state: DocState, action: string, extraWords: Record<string, string> = {}): Decision {
  const t = lifecycle[action];
  const word = ACTION_WORDS[action] ?? action;
  const who = `${label} ${state.code}`;
  if (!t) return { ok: false, message: `${who} 不支持${word}` };
  if (!t.from.includes(state.status)) {
    if (action === 'recover') return { ok: false, message: `${who} 未作废，不能恢复` };
    const hint = t.hint?.[state.status] !== undefined ? `，${t.hint[state.status]}` : state.status === 'AUDITED' && action !== 'audit' ? '，请先反审核' : '';
    const again = (state.status === 'AUDITED' && action === 'audit') || (state.status === 'OBSOLETE' && action === 'obsolete');
    return { ok: false, message: `${who} ${STATUS_WORDS[state.status]}，不能${again ? '重复' : ''}${word}${hint}` };
  }
  if (t.whenEnabled !== undefined && state.enabled !== t.whenEnabled) {
    return { ok: false, message: `${who} ${state.enabled ? '已启用' : '已停用'}，不能重复${word}` };
  }
  if (t.whenExtra && !t.whenExtra.includes(state.extra ?? '')) {
    const now = extraWords[state.extra ?? ''] ?? state.extra ?? '';
    return { ok: false, message: `${who} ${now}，不能${word}` };
  }
  return { ok: true, change: t.change };
}

/** The state actions a lifecycle offers (its routes and buttons), without the two edits. */
export function stateActions(lifecycle: Lifecycle): string[] {
  return Object.keys(lifecycle).filter((a) => a !== 'update' && a !== 'delete');
}
