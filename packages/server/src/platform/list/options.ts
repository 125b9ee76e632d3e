import { DEFAULT_LIST_OPTIONS, type ListOptions } from './repo';

/** LIST_ESTIMATE_ABOVE moves the point where totals become estimates (tests force a low one). */
export function listOptionsFromEnv(env: NodeJS.ProcessEnv): ListOptions {
  const raw = env.LIST_ESTIMATE_ABOVE?.trim();
  const above = raw ? Number(raw) : Number.NaN;
  return { estimateAbove: Number.isInteger(above) && above >= 0 ? above : DEFAULT_LIST_OPTIONS.estimateAbove };
}
