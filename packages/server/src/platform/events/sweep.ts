import type { Database } from '../db/pool';
import { deliverOne, type DeliverOptions } from './deliver';
import { dueDeliveries } from './repo';

export interface SweepOptions extends DeliverOptions {
  /** pause between rounds when nothing was due; 0: only runOnce */
  intervalMs?: number;
  batch?: number;
  onError?: (err: unknown) => void;
}

export interface DeliverySweep {
  /** one round: try what is due; the number of deliveries tried */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Tries the deliveries that are due (their retry time come, or sent again) from one server
 * instance; safe beside other instances and beside the job library's workers, since deliverOne
 * claims each delivery before its try.
 */
export function startDeliverySweep(db: Database, options: SweepOptions = {}): DeliverySweep {
  const { intervalMs = 5_000, batch = 20, onError = () => {} } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const runOnce = async () => {
    const due = await dueDeliveries(db, batch);
    const tried = await Promise.all(due.map((id) => deliverOne(db, id, options).catch((err) => { onError(err); return { kind: 'skipped' as const }; })));
    return tried.filter((t) => t.kind !== 'skipped').length;
  };
  const loop = () => {
    if (stopped) return;
    running = runOnce().catch((err) => { onError(err); return 0; });
    void running.then((n) => {
      // a full batch means more may be due: go again at once
      if (!stopped) timer = setTimeout(loop, n === batch ? 0 : intervalMs);
    });
  };
  if (intervalMs > 0) timer = setTimeout(loop, intervalMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
