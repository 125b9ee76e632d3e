import type { LaneReason } from '../../platform/db/schema';

/** A refusal as the lane understands it (packages/station lane/types.ts Refusal). */
export interface LaneRefusal { reason: LaneReason; message: string }

export const LANE_REASONS: readonly LaneReason[] = ['unstable', 'not-in-position', 'out-of-range', 'tare-deviation', 'no-registry', 'business'];

/** The fields through which the weighing says it found no trip for the truck. */
const TRUCK_FIELDS = new Set(['registryId', 'cardUid', 'plate']);

/**
 * The weighing's refusal, as the lane's reason: the lane speaks and queues by reason, the operator
 * reads the weighing's own message. The weighing refuses by message and field (badRequestWith),
 * so the reason is read from its check's words: a reading not stable, a zero or over-limit
 * reading, no trip for the truck; any other refusal is the business's (the notice's remaining
 * quantity, an open ticket, a registry not through the gate).
 */
export function reasonOfRefusal(message: string, field: string | null): LaneReason {
  if (/不稳定/.test(message)) return 'unstable';
  if (/读数为0|超载|超出量程|不能大于/.test(message)) return 'out-of-range';
  if (/没有绑定在途的登记单|没有可过磅的|无有效登记|没有待二次过磅的磅单/.test(message) || (field !== null && TRUCK_FIELDS.has(field) && /登记/.test(message))) {
    return 'no-registry';
  }
  return 'business';
}

/**
 * What the unattended lane refuses beyond the weighing: a tare alarm only warns an operator at the
 * scale, who judges it there; with no one at the scale the lane may not let it pass unseen, so the
 * warning becomes a refusal for the remote operator, unless that operator already approved it.
 */
export function laneRefusalOfWarnings(warnings: readonly { check: string; message: string }[], approved: boolean): LaneRefusal | null {
  if (approved) return null;
  const alarm = warnings.find((w) => w.check === 'tareAlarm');
  return alarm ? { reason: 'tare-deviation', message: alarm.message } : null;
}
