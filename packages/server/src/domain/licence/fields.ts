import type { FieldDef } from '../../platform/templates/define';

/** Template pieces the licence screens share: a list column, a form field and a popup pick (name + hidden id). */
export const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', columnSql, columnWidth: 120, ...extra,
});
export const query = { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input' } as const;
export const hiddenId = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});
export const input = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ...extra,
});
export const dateInput = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql, ...extra,
});

/** A field that opens a popup and fills the hidden id beside it. */
export function pick(table: string, o: { name: string; idName: string; label: string; labelEn: string; nameSql: string; idColumn: string; formatCode: string; from: string; irequired?: boolean }): FieldDef[] {
  return [
    { fieldName: o.name, fieldExplain: o.label, fieldExplainEn: o.labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: o.nameSql, irequired: o.irequired,
      resource: { formatCode: o.formatCode, map: [{ masterTable: table, fieldName: o.idName, from: 'id' }, { masterTable: table, fieldName: o.name, from: o.from }] } },
    hiddenId(o.idName, `${o.label}编号`, `${o.labelEn} id`, `t.${o.idColumn}::text`),
  ];
}

export const customerNameSql = '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)';
export const divisionNameSql = '(SELECT d.division_name FROM mgp_division d WHERE d.id = t.division_id)';
export const standProductNameSql = '(SELECT s.product_name FROM mgp_stand_product s WHERE s.id = t.stand_product_id)';
export const saleTypeNameSql = '(SELECT s.type_name FROM mgp_sale_type s WHERE s.id = t.sale_type_id)';
