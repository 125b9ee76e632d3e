import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import { allowedItems } from './repo';

/**
 * What the lab reads of a sample: its blind code, material, format, state and results, never its
 * vendor, tickets or plates (the sample table's vendor column is not selected here). The map from
 * the code to the trucks is sampleTickets, behind its own permission (the sampling staff's).
 */
const STATE_WORDS: Record<string, string> = { COLLECTING: '取样中', TESTING: '化验中', CHECKED: '已审核', RECHECK: '复检中', RECHECKED: '复检已审核' };
export const SAMPLE_STATE_OPTIONS = Object.entries(STATE_WORDS).map(([value, label]) => ({
  value, label, labelEn: { COLLECTING: 'Collecting', TESTING: 'Testing', CHECKED: 'Checked', RECHECK: 'Recheck', RECHECKED: 'Recheck checked' }[value] as string,
}));

export interface LabLine {
  itemId: string; itemCode: string; itemName: string; unit: string | null; precisionDigits: number; minValue: string | null; maxValue: string | null;
  method: string | null; formula: string | null; mayEnter: boolean;
  first: { value: string | null; version: number; enteredBy: string | null } | null;
  recheck: { value: string | null; version: number; enteredBy: string | null } | null;
  final: string | null;
}

export interface LabSample {
  id: string; blindCode: string; materialName: string | null; formatName: string; recheckMode: string; sampledOn: string; sampleCount: number;
  state: string; stateName: string; round: number; checkedBy: string | null; checkedAt: string | null; recheckReason: string | null; version: number;
  lines: LabLine[];
}

export async function labSample(db: Database, who: { orgId: string; userId: string }, sampleId: string): Promise<LabSample> {
  const { rows } = await sql<Omit<LabSample, 'lines' | 'stateName'>>`
    SELECT s.id::text AS id, s.blind_code AS "blindCode", (SELECT m.inv_name FROM md_material m WHERE m.id = s.material_id) AS "materialName",
           f.format_name AS "formatName", f.recheck_mode AS "recheckMode", to_char(s.sampled_on, 'YYYY-MM-DD') AS "sampledOn", s.sample_count AS "sampleCount",
           s.state, s.round, (SELECT u.real_name FROM sys_user u WHERE u.id = s.checked_by) AS "checkedBy", s.checked_at::text AS "checkedAt",
           s.recheck_reason AS "recheckReason", s.version
      FROM qm_sample s JOIN qm_format f ON f.id = s.format_id WHERE s.id = ${sampleId}::bigint AND s.org_id = ${who.orgId}`.execute(db);
  const sample = rows[0];
  if (!sample) throw new AppError(404, '样品不存在', 'id');
  const allowed = await allowedItems(db, who.orgId, who.userId);
  const { rows: lines } = await sql<Omit<LabLine, 'mayEnter'>>`
    SELECT i.id::text AS "itemId", i.item_code AS "itemCode", i.item_name AS "itemName", i.unit, i.precision_digits AS "precisionDigits",
           trim_scale(i.min_value)::text AS "minValue", trim_scale(i.max_value)::text AS "maxValue", i.method, l.formula,
           (SELECT json_build_object('value', trim_scale(r.value)::text, 'version', r.version, 'enteredBy', coalesce((SELECT u.real_name FROM sys_user u WHERE u.id = r.entered_by), CASE WHEN r.entered_at IS NOT NULL THEN '' END))
              FROM qm_result r WHERE r.sample_id = ${sampleId}::bigint AND r.round = 1 AND r.item_id = i.id) AS first,
           (SELECT json_build_object('value', trim_scale(r.value)::text, 'version', r.version, 'enteredBy', coalesce((SELECT u.real_name FROM sys_user u WHERE u.id = r.entered_by), CASE WHEN r.entered_at IS NOT NULL THEN '' END))
              FROM qm_result r WHERE r.sample_id = ${sampleId}::bigint AND r.round = 2 AND r.item_id = i.id) AS recheck,
           (SELECT trim_scale(v.value)::text FROM qm_sample_value v WHERE v.sample_id = ${sampleId}::bigint AND v.item_id = i.id) AS final
      FROM qm_sample s JOIN qm_format_item l ON l.format_id = s.format_id JOIN qm_assay_item i ON i.id = l.item_id
     WHERE s.id = ${sampleId}::bigint ORDER BY l.seq, l.id`.execute(db);
  return { ...sample, stateName: STATE_WORDS[sample.state], lines: lines.map((l) => ({ ...l, mayEnter: !l.formula && allowed.has(l.itemId) })) };
}

/** 化验日志 of one sample: every change of a result, check and recheck, oldest first. */
export async function sampleLog(db: Database, orgId: string, sampleId: string) {
  await existing(db, orgId, sampleId);
  const { rows } = await sql<{ at: string; round: number; action: string; itemCode: string | null; itemName: string | null; before: string | null; after: string | null; actor: string }>`
    SELECT g.at::text AS at, g.round, g.action, i.item_code AS "itemCode", i.item_name AS "itemName",
           trim_scale(g.before_value)::text AS before, trim_scale(g.after_value)::text AS after, g.actor_name AS actor
      FROM qm_log g LEFT JOIN qm_assay_item i ON i.id = g.item_id WHERE g.sample_id = ${sampleId}::bigint AND g.org_id = ${orgId} ORDER BY g.id`.execute(db);
  return rows;
}

async function existing(db: Database, orgId: string, sampleId: string): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM qm_sample WHERE id = ${sampleId}::bigint AND org_id = ${orgId}`.execute(db);
  if (!rows.length) throw new AppError(404, '样品不存在', 'id');
}

/** The code-to-tickets map: the trucks a sample was drawn from (sampling staff only). */
export async function sampleTickets(db: Database, orgId: string, sampleId: string) {
  await existing(db, orgId, sampleId);
  const { rows } = await sql<{ ticketId: string; ticketNo: string; plateNumber: string; vendorName: string | null; materialName: string | null; net: string | null; sampleCount: number }>`
    SELECT t.id::text AS "ticketId", t.ticket_no AS "ticketNo", t.plate_number AS "plateNumber",
           (SELECT v.vendor_name FROM md_vendor v WHERE v.id = t.vendor_id) AS "vendorName",
           (SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id) AS "materialName",
           trim_scale(t.net)::text AS net, st.sample_count AS "sampleCount"
      FROM qm_sample_ticket st JOIN wb_ticket t ON t.id = st.ticket_id WHERE st.sample_id = ${sampleId}::bigint AND st.org_id = ${orgId} ORDER BY t.id`.execute(db);
  return rows;
}

/**
 * The weighing's "assay input and check" as the ticket's screen reads it: the state of the sample
 * the truck was drawn into and its results, without the blind code (the ticket's readers are not
 * all sampling staff, and the code with the ticket would be the map).
 */
export async function ticketAssay(db: Database, orgId: string, kind: string, ticketId: string) {
  const { rows: t } = await sql<{ id: string; sample_state: string | null; sample_count: number | null; sampled_on: string | null }>`
    SELECT id::text AS id, sample_state, sample_count, to_char(sampled_on, 'YYYY-MM-DD') AS sampled_on FROM wb_ticket
     WHERE id = ${ticketId}::bigint AND org_id = ${orgId} AND kind = ${kind}`.execute(db);
  if (!t[0]) throw new AppError(404, '磅单不存在', 'id');
  const { rows: s } = await sql<{ id: string; state: string; round: number; checked_at: string | null }>`
    SELECT s.id::text AS id, s.state, s.round, s.checked_at::text AS checked_at FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id
     WHERE st.ticket_id = ${ticketId}::bigint AND st.org_id = ${orgId}`.execute(db);
  const sample = s[0];
  const judged = { sampleState: t[0].sample_state, sampleCount: t[0].sample_count, sampledOn: t[0].sampled_on };
  if (!sample) return { ...judged, assay: null };
  const { rows: items } = await sql<{ itemCode: string; itemName: string; unit: string | null; first: string | null; recheck: string | null; final: string | null }>`
    SELECT i.item_code AS "itemCode", i.item_name AS "itemName", i.unit,
           (SELECT trim_scale(r.value)::text FROM qm_result r WHERE r.sample_id = s.id AND r.round = 1 AND r.item_id = i.id) AS first,
           (SELECT trim_scale(r.value)::text FROM qm_result r WHERE r.sample_id = s.id AND r.round = 2 AND r.item_id = i.id) AS recheck,
           (SELECT trim_scale(v.value)::text FROM qm_sample_value v WHERE v.sample_id = s.id AND v.item_id = i.id) AS final
      FROM qm_sample s JOIN qm_format_item l ON l.format_id = s.format_id JOIN qm_assay_item i ON i.id = l.item_id
     WHERE s.id = ${sample.id}::bigint ORDER BY l.seq, l.id`.execute(db);
  return { ...judged, assay: { state: sample.state, stateName: STATE_WORDS[sample.state], round: sample.round, checkedAt: sample.checked_at, items } };
}
