type Row = Record<string, unknown>;

/**
 * The detail call's answer in the parts a detail layout shows: the master record and the child
 * rows. It may be a record (with entitysub), a page ({list}) or an array of rows.
 */
export function detailParts(data: unknown): { master: Row | null; rows: Row[] } {
  if (Array.isArray(data)) return { master: (data[0] as Row | undefined) ?? null, rows: data as Row[] };
  if (!data || typeof data !== 'object') return { master: null, rows: [] };
  const d = data as Row & { list?: unknown; entity?: unknown; entitysub?: unknown };
  if (Array.isArray(d.list)) return { master: (d.list[0] as Row | undefined) ?? null, rows: d.list as Row[] };
  const master = (d.entity && typeof d.entity === 'object' ? d.entity : d) as Row;
  return { master, rows: Array.isArray(d.entitysub) ? (d.entitysub as Row[]) : [] };
}
