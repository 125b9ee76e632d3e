import type { DatasetQuery } from '../../platform/reports/dataset';

/**
 * A SELECT built with positional values: `v(x)` adds a value and answers its `$n`. Only values
 * travel as values; the text holds nothing a caller sent.
 */
export class Sql {
  readonly values: unknown[] = [];

  v(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** The instant a plant day starts at, from the plant's zone: `(day::timestamp AT TIME ZONE zone)`. */
  dayStart(day: string, timeZone: string): string {
    return `((${this.v(day)}::date)::timestamp AT TIME ZONE ${this.v(timeZone)})`;
  }

  /** The instants the plant days of `days` start at, in order: the bounds of width_bucket. */
  dayStarts(days: string[], timeZone: string): string {
    return `ARRAY(SELECT (d::timestamp AT TIME ZONE ${this.v(timeZone)}) FROM unnest(${this.v(days)}::date[]) WITH ORDINALITY AS x(d, n) ORDER BY n)`;
  }

  query(text: string): DatasetQuery {
    return { text, values: this.values };
  }
}

/**
 * The counterparty of a ticket as the weighing reports name it: the vendor of a purchase, the
 * customer of a sale, the sister company of an allot (its notice's peer). `t` holds vendor_id,
 * customer_id and peer_org_id.
 */
export const PARTY_JOINS = `
  LEFT JOIN md_vendor pv ON pv.id = t.vendor_id
  LEFT JOIN md_customer pc ON pc.id = t.customer_id
  LEFT JOIN sys_org po ON po.id = t.peer_org_id`;
export const PARTY_NAME = 'coalesce(pv.vendor_name, pc.customer_name, po.org_name)';
export const PARTY_CODE = 'coalesce(pv.vendor_code, pc.customer_code, po.org_code)';
