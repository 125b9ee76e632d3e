import { createHash } from 'node:crypto';
import parser from 'cron-parser';

/** A job's schedule checked: 5 fields, or 6 with seconds first; the parser's reason in words, else null. */
export function cronProblem(cron: string): string | null {
  const fields = cron.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5 && fields.length !== 6) return '须为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）';
  try {
    parser.parseExpression(cron.trim());
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The first firing of `cron` strictly after `after`, in the plant's zone. */
export function nextFiring(cron: string, after: Date, timeZone: string): Date {
  return parser.parseExpression(cron.trim(), { currentDate: after, tz: timeZone }).next().toDate();
}

/** Firings more than this late are not caught up one by one: the schedule goes on from now. */
export const CATCH_UP_MS = 60_000;

/**
 * The firing that follows one that fired at `fireAt`: the next by the schedule, so a late run
 * skips no firing, unless that one is long past (the instances were down): then the next from now.
 */
export function firingAfter(cron: string, fireAt: Date, now: Date, timeZone: string): Date {
  const next = nextFiring(cron, fireAt, timeZone);
  return next.getTime() < now.getTime() - CATCH_UP_MS ? nextFiring(cron, now, timeZone) : next;
}

/**
 * The library's job id of one firing of one schedule: the same on every instance, so two instances
 * sending the same firing make one job (the job table's key refuses the second).
 */
export function firingId(queue: string, cron: string, fireAt: Date): string {
  return keyedJobId(queue, `${cron.trim()}@${fireAt.toISOString()}`);
}

/** A job id fixed by its queue and a key (enqueue's singletonKey, a firing's time). */
export function keyedJobId(queue: string, key: string): string {
  const h = createHash('sha1').update(`${queue}\u0000${key}`).digest('hex');
  // laid out as a name-based (version 5) UUID
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The queue of a scheduled job's firings. */
export const jobQueue = (key: string) => `job.${key}`;

/** A run's error as kept in its history: the message, not the stack, bounded. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 4000);
