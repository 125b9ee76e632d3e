import type { ListRequest, SearchCondition } from '@wb/protocol';
import { z } from 'zod';

/**
 * GET hisRelease's query words, for a caller without a list body (a gate PC's script, a link):
 * ?pn=1&ps=20&plateNumber=皖A&noticeNo=&materialName=&releasedFrom=2026-11-01&releasedTo=2026-11-02.
 * Text matches where it appears; the dates bound the release time, both ends included.
 */
const text = z.string().trim().max(100).optional();
// checked as the list checks any date (platform/list/values.ts)
const when = z.string().trim().max(40).optional();
/** a bare day as the end of a range means the whole day */
const dayEnd = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 23:59:59` : v);
const page = (max: number) => z.coerce.number().int().min(1).max(max).optional();

export const historyQuery = z.strictObject({
  pn: page(100_000), ps: page(1000),
  plateNumber: text, noticeNo: text, materialName: text, releasedFrom: when, releasedTo: when,
});

export function historyRequest(q: z.infer<typeof historyQuery>): ListRequest {
  const search: SearchCondition[] = [];
  for (const key of ['plateNumber', 'noticeNo', 'materialName'] as const) {
    if (q[key]) search.push({ key, op: 'like', val: q[key] });
  }
  if (q.releasedFrom) search.push({ key: 'releasedAt', op: 'ge', val: q.releasedFrom });
  if (q.releasedTo) search.push({ key: 'releasedAt', op: 'le', val: dayEnd(q.releasedTo) });
  return { search, limit: { pn: q.pn ?? 1, ps: q.ps ?? 20 } };
}
