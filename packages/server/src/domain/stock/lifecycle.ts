import type { Transition } from '../../platform/documents/lifecycle';

/**
 * The lifecycle of the stock documents (opening stock, transfer form) as one table: a document is
 * typed free, its audit posts its stock records, un-audit takes them back; only a free one is
 * edited or deleted, so the records always say what an audited document says. `stock` names what
 * the transition does to stock, run in the action's transaction (the family's onStateAction).
 */
export interface StockTransition extends Transition {
  stock?: 'post' | 'reverse';
}

export const stockDocLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' }, stock: 'post' },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' }, stock: 'reverse' },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Record<string, StockTransition>;

export type StockDocAction = keyof typeof stockDocLifecycle;

/** What an action does to stock, if anything. */
export const stockEffectOf = (action: string): 'post' | 'reverse' | null =>
  (stockDocLifecycle as Record<string, StockTransition>)[action]?.stock ?? null;
