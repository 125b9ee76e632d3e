import { offeredActions, TICKET_STATES, type TicketAction, type TicketFacts, type TicketState } from './transitions';

/**
 * What each row of a ticket list may take, for the list's buttons (protocol documents.ts:
 * ROW_ACTIONS_FIELD): the list button of each governed action, true when the ticket's lifecycle
 * (offeredActions, the same table the actions decide on) allows it. The server still decides every
 * call; this only keeps a button from being offered where it would be refused.
 */
export const BUTTON_OF_ACTION: Partial<Record<TicketAction, string>> = {
  audit: 'audit', unaudit: 'unaudit', down: 'down', reversedown: 'reversedown', obsolete: 'obsolete', recover: 'recover',
  returnGoods: 'returnGoods', merge: 'merge', update: 'update', delete: 'delList', print: 'printTicket', upload: 'upload',
  deduct: 'deductTicket', modifyPrice: 'modifyTicketPrice', split: 'splitTicket',
};

/** The facts a list row can know of, beside its state, in the order of their bits; site confirmation only matters to the second weighing, no list button. */
export const FLAGS = ['uploaded', 'returned', 'isReturn', 'hasFirstWeighing', 'returnPosted', 'sourceUnposted', 'hasNet', 'manual'] as const;
type Flag = (typeof FLAGS)[number];

/** A row's facts as one key: the state, then a 0/1 per flag in FLAGS order; a locked ticket's (rules/locks.ts) prefixed `locked:`. */
export function factsKey(state: TicketState, flags: Record<Flag, boolean>, locked = false): string {
  return `${locked ? 'locked:' : ''}${state}:${FLAGS.map((f) => (flags[f] ? '1' : '0')).join('')}`;
}

export function rowActions(facts: TicketFacts): Record<string, boolean> {
  const offered = new Set(offeredActions(facts));
  return Object.fromEntries(Object.entries(BUTTON_OF_ACTION).map(([action, button]) => [button, offered.has(action as TicketAction)]));
}

/**
 * Every state and combination of flags with the buttons it allows, in the order the list's SQL
 * counts them: state by state (TICKET_STATES), then the flags as a binary number, FLAGS[i] worth 2^i;
 * then the same again for a ticket locked by a document (any document's lock refuses the same actions).
 */
export function rowActionsTable(): Record<string, Record<string, boolean>> {
  const table: Record<string, Record<string, boolean>> = {};
  for (const locked of [false, true]) {
    for (const state of TICKET_STATES) {
      for (let bits = 0; bits < 1 << FLAGS.length; bits++) {
        const flags = Object.fromEntries(FLAGS.map((f, i) => [f, (bits & (1 << i)) !== 0])) as Record<Flag, boolean>;
        table[factsKey(state, flags, locked)] = rowActions({ code: '', state, sceneConfirm: false, ...flags, lockedBy: locked ? { kind: '', no: '' } : null });
      }
    }
  }
  return table;
}
