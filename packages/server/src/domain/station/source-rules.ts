import type { TareChoice } from '@wb/protocol';
import type { WeighingSourceColumn } from '../../platform/db/schema';

/**
 * How a weighing call reached the server: a user's session (the weighing screen, any client
 * signed in as a person) or a station program under its station key (the unattended lane,
 * `Authorization: Station <key>`, domain/lane).
 */
export type CallChannel = 'session' | 'station';

export interface CallShape {
  channel: CallChannel;
  tare: TareChoice;
  /** the call names a scale whose latest reading its agent reported (`scaleId`) */
  namesScale: boolean;
}

export interface SourceVerdict {
  source: WeighingSourceColumn;
  /** the manual-weighing right is needed (weigh_manual) */
  needsManualRight: boolean;
  /** the call's stable flag means something: the station's own reading says whether it settled */
  stableMeaningful: boolean;
}

/**
 * Where a weighing's figure comes from, decided by the server from what it received and never from
 * a flag the client sends:
 * - the vehicle's stored tare stands for the tare: STORED;
 * - a reading the server holds from a station agent (the call names the scale): INDICATOR, stable
 *   by the reading's own test (reading-rules takeableReading);
 * - a weight sent under a station key by a station program (the lane): STATION, with its stable flag;
 * - any other weight, a number under a user's session: MANUAL, which needs the manual-weighing
 *   right and marks the ticket and the weigh log; a typed number is neither stable nor unstable.
 */
export function sourceOfCall(c: CallShape): SourceVerdict {
  if (c.tare !== 'weigh') return { source: 'STORED', needsManualRight: false, stableMeaningful: false };
  if (c.channel === 'station') return { source: 'STATION', needsManualRight: false, stableMeaningful: true };
  if (c.namesScale) return { source: 'INDICATOR', needsManualRight: false, stableMeaningful: true };
  return { source: 'MANUAL', needsManualRight: true, stableMeaningful: false };
}
