import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { defineListTemplate } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';
import { formatResource } from './formats';
import { enabledInput, formatName, materialName, picker, remarkInput, searchable, text, vendorName } from './fields';

/**
 * 自动模型: which format a sample is assayed by, picked by the sample's material and vendor. The
 * most specific enabled rule wins: material and vendor, then material alone, then vendor alone,
 * then the company's default (neither). A table constraint keeps one rule per pair.
 */
export const AUTO_MODEL_BASE = '/api/quality/auto-model';
export const AUTO_MODEL_PREFIX = 'quality_auto_model';

const FIELDS: DocField[] = [
  { name: 'ruleNo', column: 'rule_no', label: '规则编号', type: 'text', updatable: false, unique: true, maxLength: 40 },
  { name: 'materialId', column: 'material_id', label: '物料', type: 'id' },
  { name: 'vendorId', column: 'vendor_id', label: '供应商', type: 'id' },
  { name: 'formatId', column: 'format_id', label: '化验模板', type: 'id', required: true },
  enabledField,
  remarkField,
];

const listTemplate = defineListTemplate({
  formatCode: 'quality.auto-model.list', formatName: '自动模型', formatNameEn: 'Auto models', mainTable: 'qm_auto_model', ownerColumn: 'created_by',
  resUrl: `${AUTO_MODEL_BASE}/v2/list`, menuPath: '/quality/auto-model',
  fields: [
    text('ruleNo', '规则编号', 'Rule no.', 't.rule_no', { ...searchable, isortField: true, columnWidth: 160 }),
    text('materialName', '物料', 'Material', materialName(), { ...searchable, columnWidth: 160 }),
    text('vendorName', '供应商', 'Vendor', vendorName(), { ...searchable, columnWidth: 180 }),
    text('formatName', '化验模板', 'Assay format', formatName(), { ...searchable, columnWidth: 160 }),
    enabledColumn, remarkColumn, { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' }, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'quality.auto-model', formatName: '自动模型', formatNameEn: 'auto model', prefix: AUTO_MODEL_PREFIX, mainTable: 'qm_auto_model' }, [
  { fieldName: 'ruleNo', fieldExplain: '规则编号', fieldExplainEn: 'Rule no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.rule_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  ...picker('qm_auto_model', 'materialName', 'materialId', 'material_id', '物料', 'Material', materialName(), 'masterdata.inventory.resource', 'invName', false),
  ...picker('qm_auto_model', 'vendorName', 'vendorId', 'vendor_id', '供应商', 'Vendor', vendorName(), 'masterdata.vendor.resource', 'vendorName', false),
  ...picker('qm_auto_model', 'formatName', 'formatId', 'format_id', '化验模板', 'Assay format', formatName(), formatResource.formatCode, 'formatName', true),
  remarkInput,
  // shown, and on for a new model: a rule saved switched off would pick no format for anyone
  { ...enabledInput, ishow: true, defaultValue: 'true' },
]);

export const autoModelFamily: DocumentFamily = {
  label: '自动模型', base: AUTO_MODEL_BASE, permissionPrefix: AUTO_MODEL_PREFIX, table: 'qm_auto_model', scope: { kind: 'org' },
  code: { field: 'ruleNo', column: 'rule_no' },
  numbering: { docKind: 'quality.auto-model', fallback: { prefix: 'ZDMX', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  checkWrite: async (tx, who, _id, v: EntityValues) => {
    if (!v.formatId) return [];
    const { rows } = await sql`SELECT 1 FROM qm_format WHERE id = ${String(v.formatId)}::bigint AND org_id = ${who.orgId}`.execute(tx);
    return rows.length ? [] : [{ field: 'formatId', message: `化验模板 ${String(v.formatId)} 不存在` }];
  },
  constraintMessages: {
    qm_auto_model_org_id_material_id_vendor_id_key: { field: 'materialId', message: '已有相同物料与供应商的自动模型' },
  },
};

/** The format a sample of this material and vendor is assayed by, or null when no rule names one. */
export async function pickFormat(tx: Transaction<DB>, orgId: string, materialId: string | null, vendorId: string | null): Promise<string | null> {
  const { rows } = await sql<{ format_id: string }>`
    SELECT r.format_id::text AS format_id FROM qm_auto_model r JOIN qm_format f ON f.id = r.format_id AND f.enabled
     WHERE r.org_id = ${orgId} AND r.enabled
       AND (r.material_id IS NULL OR r.material_id = ${materialId}::bigint)
       AND (r.vendor_id IS NULL OR r.vendor_id = ${vendorId}::bigint)
     ORDER BY (r.material_id IS NOT NULL) DESC, (r.vendor_id IS NOT NULL) DESC, r.id DESC
     LIMIT 1`.execute(tx);
  return rows[0]?.format_id ?? null;
}
