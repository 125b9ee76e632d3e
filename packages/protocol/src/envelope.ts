import { z } from 'zod';

/** Every JSON answer of the API, success or not, has this shape (spec: response envelope). */
export interface Envelope<T> {
  success: boolean;
  code: number;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), code: z.number(), msg: z.string(), data });

export interface Paged<T> {
  list: T[];
  total: number;
  /** true when total is PostgreSQL's estimate rather than an exact count */
  totalEstimated?: boolean;
  tongji?: Record<string, string | number | null>;
}
