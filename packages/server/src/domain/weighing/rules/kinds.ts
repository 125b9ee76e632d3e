import { WEIGH_KINDS, type WeighKind } from '@wb/protocol';

/**
 * The kinds of weigh ticket (domain notes: the kinds of movement) and the words the rules use.
 * Weights inside the rules are tons, as md_vehicle and the ticket tables keep them; a reading in
 * kilograms is converted at the edge (units.ts).
 */
export const TICKET_KINDS = WEIGH_KINDS;
export type TicketKind = WeighKind;

/** al and tr tickets are weighed at both ends: the shipping org dispatches, the receiving org receives. */
export type Direction = 'receive' | 'dispatch';

/** Which side of the truck's weight a weighing records. */
export type Side = 'gross' | 'tare';

export const SIDE_WORDS: Record<Side, string> = { gross: '毛重', tare: '皮重' };

export const otherSide = (side: Side): Side => (side === 'gross' ? 'tare' : 'gross');

/** A material's pnmary column: which weighing comes first where the kind does not decide. */
export type Pnmary = 'GROSS_FIRST' | 'TARE_FIRST' | null;
