import type { DocField } from '../../platform/documents/define';
import type { FieldDef } from '../../platform/templates/define';

/** Template and definition pieces the stock screens share: the warehouse, the material, tons. */

export const STOCK_STATUS_OPTIONS = [
  { value: 'FREE', label: '未审核', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
];

export const DIRECTION_OPTIONS = [
  { value: 'IN', label: '入库', labelEn: 'In', color: 'green' },
  { value: 'OUT', label: '出库', labelEn: 'Out', color: 'orange' },
  { value: 'EARLY', label: '期初', labelEn: 'Opening', color: 'blue' },
];

export const warehouseNameSql = (column: string) => `(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.${column})`;
export const materialCodeSql = (column: string) => `(SELECT m.inv_code FROM md_material m WHERE m.id = t.${column})`;
export const materialNameSql = (column: string) => `(SELECT m.inv_name FROM md_material m WHERE m.id = t.${column})`;

export const tonsColumn = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, isortField: true, columnWidth: 120, ...extra,
});

/** A form's warehouse, picked from the company's warehouses: the shown name and the hidden id. */
export function warehousePicker(table: string, idName: string, nameName: string, label: string, labelEn: string, column: string): FieldDef[] {
  return [
    {
      fieldName: nameName, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      columnSql: warehouseNameSql(column),
      resource: { formatCode: 'masterdata.warehouse.resource', map: [
        { masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: nameName, from: 'wareName' }] },
    },
    hiddenId(idName, column),
  ];
}

/** A form's material, picked from the materials allocated to the company. */
export function materialPicker(table: string): FieldDef[] {
  return [
    {
      fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      columnSql: materialNameSql('material_id'),
      resource: { formatCode: 'masterdata.inventory.resource', map: [
        { masterTable: table, fieldName: 'materialId', from: 'id' }, { masterTable: table, fieldName: 'invName', from: 'invName' }] },
    },
    hiddenId('materialId', 'material_id'),
  ];
}

export const hiddenId = (fieldName: string, column: string): FieldDef => ({
  fieldName, fieldExplain: fieldName, fieldExplainEn: fieldName, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${column}::text`, ishow: false, ihidden: true,
});

export const warehouseIdField = (name: string, column: string, label: string, codeName: string): DocField => ({
  name, column, label, type: 'id', required: true,
  byCode: { name: codeName, label: `${label}编码`, table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' },
});

export const materialIdField: DocField = {
  name: 'materialId', column: 'material_id', label: '物料', type: 'id', required: true,
  byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' },
};

/** Tons as the weighing tables keep them: four decimals, below 1e10. */
export const tonsField = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 4, min: 0, below: 1e10, required: true, ...extra,
});

/**
 * Today in the plant's time zone (the database sessions' zone, platform/db/pool.ts), as a date:
 * what a document's business date is when the form leaves it blank.
 */
export function plantToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai' }).format(now);
}

/** A family's normalise that dates a document today when its date is left blank. */
export const datedToday = (field: string) => (values: Record<string, unknown>) =>
  (values[field] === null || values[field] === undefined ? { ...values, [field]: plantToday() } : values);
