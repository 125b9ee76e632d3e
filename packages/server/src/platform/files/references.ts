/**
 * Where documents point at uploaded files: a file named here by a row is attached; any other is an
 * upload whose form was cancelled or whose document let it go (a photo replaced), and the sweep
 * (sweep.ts) removes it once older than the grace period. A new place that keeps file ids is added
 * here, and takes the files' rows FOR KEY SHARE (holdFiles) or a foreign key when it writes them.
 */
export const FILE_REFERENCES = [
  { table: 'md_vehicle', column: 'main_vehicle_photo_id', kind: 'id' },
  { table: 'md_vehicle', column: 'driving_license_photo_id', kind: 'id' },
  { table: 'md_vehicle', column: 'road_license_photo_id', kind: 'id' },
  // the registry's pictures are these too (domain/registry/pictures.ts)
  { table: 'wb_weighing', column: 'snapshot_file_ids', kind: 'array' },
  // the yard's photos of a gauged load (domain/weighing/gauge, holdFiles)
  { table: 'wb_ticket_gauge', column: 'photo_file_ids', kind: 'array' },
  // the receiver's signature on a sales delivery (domain/driver, a foreign key)
  { table: 'drv_receipt', column: 'signature_file_id', kind: 'id' },
] as const satisfies readonly { table: string; column: string; kind: 'id' | 'array' }[];

/** SQL true when some document points at the file `f` (a sys_file alias). */
export function referencedSql(alias = 'f'): string {
  return FILE_REFERENCES.map((r) => r.kind === 'id'
    ? `EXISTS (SELECT 1 FROM ${r.table} x WHERE x.${r.column} = ${alias}.id)`
    : `EXISTS (SELECT 1 FROM ${r.table} x WHERE x.${r.column} @> ARRAY[${alias}.id] AND x.${r.column} <> '{}')`).join(' OR ');
}
