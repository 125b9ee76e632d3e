import type { FieldDef } from '../../platform/templates/define';

/** Template pieces the quality screens share. */
export const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', columnSql, columnWidth: 120, ...extra,
});
export const number = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, columnWidth: 90, ...extra,
});
export const searchable: Partial<FieldDef> = { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input' };
export const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});
export const remarkInput: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };
export const enabledInput: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };

/** An id column picked from a popup: the name shown, the id kept in a hidden field. */
export function picker(table: string, name: string, idName: string, column: string, label: string, labelEn: string, columnSql: string, formatCode: string, from: string, irequired: boolean): FieldDef[] {
  return [
    { fieldName: name, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql, irequired,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: name, from }] } },
    hidden(idName, `${label}编号`, `${labelEn} id`, `t.${column}::text`),
  ];
}

export const materialName = (alias = 't') => `(SELECT m.inv_name FROM md_material m WHERE m.id = ${alias}.material_id)`;
export const vendorName = (alias = 't') => `(SELECT v.vendor_name FROM md_vendor v WHERE v.id = ${alias}.vendor_id)`;
export const formatName = (alias = 't') => `(SELECT f.format_name FROM qm_format f WHERE f.id = ${alias}.format_id)`;
