/**
 * A registry's two lifecycles, each one table (DESIGN section 5; domain notes: Registry draft ->
 * audited -> entered -> weighing -> released | obsolete). The document status says whether the
 * trip may happen (and whether it holds its pre-load on the notice line); the trip state says
 * where the truck is. Pure: the routes, the buttons and the tests read these tables.
 */
export type DocStatus = 'FREE' | 'AUDITED' | 'OBSOLETE';
export type TripState = 'PLANNED' | 'ENTERED' | 'WEIGHING' | 'RELEASED';

export const DOC_WORDS: Record<DocStatus, string> = { FREE: '未审核', AUDITED: '已审核', OBSOLETE: '已作废' };
export const TRIP_WORDS: Record<TripState, string> = { PLANNED: '未入厂', ENTERED: '已入厂', WEIGHING: '过磅中', RELEASED: '已出厂' };

export type DocAction = 'audit' | 'unaudit' | 'obsolete' | 'recover' | 'enable' | 'disable' | 'update' | 'delete' | 'merge';
export const DOC_ACTION_WORDS: Record<DocAction, string> = {
  audit: '审核', unaudit: '反审核', obsolete: '作废', recover: '恢复', enable: '启用', disable: '停用', update: '修改', delete: '删除', merge: '合并',
};

/**
 * What the hold on the notice line does: an audited registry holds its pre-load, so audit and
 * recover reserve it, and anything that takes the trip back (unaudit, obsolete) gives it back.
 * recover returns the status the registry had: audited before, audited again.
 */
export interface DocTransition {
  from: readonly DocStatus[];
  /** the trip states it may happen in: once the truck is in the plant the document stays as it is */
  trips: readonly TripState[];
  to?: DocStatus | 'PREVIOUS';
  enabled?: boolean;
  whenEnabled?: boolean;
  hold?: 'reserve' | 'release';
}

const LIVE: readonly DocStatus[] = ['FREE', 'AUDITED'];
const ANY_TRIP: readonly TripState[] = ['PLANNED', 'ENTERED', 'WEIGHING', 'RELEASED'];
const PLANNED: readonly TripState[] = ['PLANNED'];

export const registryDocTransitions = {
  audit: { from: ['FREE'], trips: PLANNED, to: 'AUDITED', hold: 'reserve' },
  unaudit: { from: ['AUDITED'], trips: PLANNED, to: 'FREE', hold: 'release' },
  obsolete: { from: LIVE, trips: PLANNED, to: 'OBSOLETE', hold: 'release' },
  recover: { from: ['OBSOLETE'], trips: PLANNED, to: 'PREVIOUS', hold: 'reserve' },
  enable: { from: LIVE, trips: ANY_TRIP, whenEnabled: false, enabled: true },
  disable: { from: LIVE, trips: ANY_TRIP, whenEnabled: true, enabled: false },
  update: { from: ['FREE'], trips: PLANNED },
  delete: { from: ['FREE'], trips: PLANNED },
  // the registry merged into another: it ends as obsolete and its hold goes to the one kept
  merge: { from: LIVE, trips: PLANNED, to: 'OBSOLETE' },
} as const satisfies Record<DocAction, DocTransition>;

export type TripAction = 'letin' | 'firstWeigh' | 'letout';
export const TRIP_ACTION_WORDS: Record<TripAction, string> = { letin: '入厂', firstWeigh: '过磅', letout: '出厂' };

/** state x action -> state; the first weighing (domain/weighing) moves ENTERED to WEIGHING. */
export const tripTransitions = {
  PLANNED: { letin: 'ENTERED' },
  ENTERED: { firstWeigh: 'WEIGHING', letout: 'RELEASED' },
  WEIGHING: { letout: 'RELEASED' },
  RELEASED: {},
} as const satisfies Record<TripState, Partial<Record<TripAction, TripState>>>;

export interface RegistryState {
  code: string;
  status: DocStatus;
  trip: TripState;
  enabled: boolean;
  /** audited at some time and not withdrawn since: recover brings the audit back */
  auditedBefore: boolean;
}

export type DocDecision =
  | { ok: true; status: DocStatus; enabled: boolean; hold: 'reserve' | 'release' | null }
  | { ok: false; message: string };

/** Whether a registry may take a document action, and what it becomes. */
export function decideDocAction(r: RegistryState, action: DocAction): DocDecision {
  const t: DocTransition = registryDocTransitions[action];
  const who = `登记单 ${r.code}`;
  const word = DOC_ACTION_WORDS[action];
  if (!t.from.includes(r.status)) {
    if (action === 'recover') return { ok: false, message: `${who} 未作废，不能恢复` };
    const again = (r.status === 'AUDITED' && action === 'audit') || (r.status === 'OBSOLETE' && action === 'obsolete');
    const hint = r.status === 'AUDITED' && (action === 'update' || action === 'delete') ? '，请先反审核' : '';
    return { ok: false, message: `${who} ${DOC_WORDS[r.status]}，不能${again ? '重复' : ''}${word}${hint}` };
  }
  if (!t.trips.includes(r.trip)) return { ok: false, message: `${who} 车辆${TRIP_WORDS[r.trip]}，不能${word}` };
  if (t.whenEnabled !== undefined && r.enabled !== t.whenEnabled) {
    return { ok: false, message: `${who} ${r.enabled ? '已启用' : '已停用'}，不能重复${word}` };
  }
  const status = t.to === 'PREVIOUS' ? (r.auditedBefore ? 'AUDITED' : 'FREE') : (t.to ?? r.status);
  // a recovered draft holds nothing: only an audited registry reserves
  const hold = t.hold === 'reserve' && status !== 'AUDITED' ? null : (t.hold ?? null);
  return { ok: true, status, enabled: t.enabled ?? r.enabled, hold };
}

export type TripDecision = { ok: true; trip: TripState } | { ok: false; message: string };

export function decideTripAction(r: Pick<RegistryState, 'code' | 'trip'>, action: TripAction): TripDecision {
  const row: Partial<Record<TripAction, TripState>> = tripTransitions[r.trip];
  const next = row[action];
  if (next) return { ok: true, trip: next };
  const who = `登记单 ${r.code}`;
  if (action === 'letin' && (r.trip === 'ENTERED' || r.trip === 'WEIGHING')) return { ok: false, message: `${who} 车辆已在厂内，不能重复入厂` };
  if (action === 'letout' && r.trip === 'RELEASED') return { ok: false, message: `${who} 车辆已出厂，不能重复出厂` };
  return { ok: false, message: `${who} 车辆${TRIP_WORDS[r.trip]}，不能${TRIP_ACTION_WORDS[action]}` };
}

/** What a document action does to the audit stamp: audit sets it, unaudit clears it, the rest keep it. */
export const auditStampOf = (action: DocAction): 'stamp' | 'clear' | 'keep' =>
  action === 'audit' ? 'stamp' : action === 'unaudit' ? 'clear' : 'keep';
