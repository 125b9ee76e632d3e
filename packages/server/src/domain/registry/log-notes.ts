import Decimal from 'decimal.js';
import type { ChangeNote } from '../../platform/audit/log';
import { KIND_INFO, type RegistryKind } from './kinds';
import type { HoldMove } from './hold-rules';

/**
 * What the operation log says of a registry's change (pure): one entry per registry, under the
 * kind's word (采购登记单) and the registry number, with a short account of what moved.
 */
export const registryFamily = (kind: RegistryKind) => KIND_INFO[kind].label;

export const registryNote = (kind: RegistryKind, action: string, code: string, detail: string | null = null): ChangeNote => ({
  action, family: registryFamily(kind), docNo: code, detail,
});

/** A quantity as the log shows it: 30, not 30.0000. */
export const figure = (v: string | null) => new Decimal(v ?? 0).toFixed();

/** The hold a document action moved on the notice line, when it moved one. */
export const holdDetail = (move: HoldMove): string | null =>
  move === null ? null : move.kind === 'reserve' ? `占用预装数 ${figure(move.quantity)}` : `退回占用 ${figure(move.quantity)}`;

const RELEASE_WORDS = { NORMAL: '出厂', SINGLE_WEIGH: '出厂（车辆重出）', SINGLE_EMPTY: '出厂（车辆空出）' } as const;

export const letoutDetail = (releaseKind: keyof typeof RELEASE_WORDS, givenBack: string | null): string =>
  givenBack ? `${RELEASE_WORDS[releaseKind]}，退回占用 ${figure(givenBack)}` : RELEASE_WORDS[releaseKind];

/** A card bound for the first time, a card replaced, or the same card bound again (the reader writing it). */
export function cardDetail(before: string | null, after: string): string {
  if (!before) return `绑定卡号 ${after}`;
  if (before === after) return `卡号 ${after} 未变`;
  return `补卡 ${before} -> ${after}`;
}
