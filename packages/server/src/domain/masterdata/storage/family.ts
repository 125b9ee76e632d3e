import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * Where in a warehouse goods lie: areas of a yard or building (货区, codes repeat between
 * warehouses: every yard has an A区) and silos (筒仓, named across the plant, holding one material).
 */
const warehouseName: FieldDef = {
  fieldName: 'wareName', fieldExplain: '所属仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT',
  columnSql: '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)', columnWidth: 140,
};
const warehousePicker = (table: string): FieldDef => ({
  ...warehouseName, formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
  resource: { formatCode: 'masterdata.warehouse.resource', map: [
    { masterTable: table, fieldName: 'warehouseId', from: 'id' }, { masterTable: table, fieldName: 'wareName', from: 'wareName' }] },
});
const warehouseId: DocField = {
  name: 'warehouseId', column: 'warehouse_id', label: '所属仓库', type: 'id', required: true,
  byCode: { name: 'wareCode', label: '仓库编码', table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' },
};
const hiddenId = (fieldName: string, column: string): FieldDef => ({
  fieldName, fieldExplain: fieldName, fieldExplainEn: fieldName, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${column}::text`, ishow: false, ihidden: true,
});
const capacity: FieldDef = { fieldName: 'capacity', fieldExplain: '容量(吨)', fieldExplainEn: 'Capacity (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.capacity', itotal: true, isortField: true, columnWidth: 110 };
const capacityField: DocField = { name: 'capacity', column: 'capacity', label: '容量', type: 'number', scale: 3, min: 0.001, below: 1e11 };
const enabledForm: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };
const remarkForm: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };

const areaList = defineListTemplate({
  formatCode: 'masterdata.warehouse-area.list', formatName: '货区', formatNameEn: 'Warehouse areas', mainTable: 'md_warehouse_area', resUrl: '/api/masterdata/warehouse-area/v2/list', menuPath: '/masterdata/warehouse-area',
  fields: [
    warehouseName,
    { fieldName: 'areaCode', fieldExplain: '货区编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.area_code', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 90 },
    { fieldName: 'areaName', fieldExplain: '货区名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.area_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    capacity, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const [areaCreate, areaUpdate] = formTemplates({ formatCode: 'masterdata.warehouse-area', formatName: '货区', formatNameEn: 'warehouse area', prefix: 'md_warehouse_area', mainTable: 'md_warehouse_area' }, [
  warehousePicker('md_warehouse_area'), hiddenId('warehouseId', 'warehouse_id'),
  { fieldName: 'areaCode', fieldExplain: '货区编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.area_code', irequired: true },
  { fieldName: 'areaName', fieldExplain: '货区名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.area_name', irequired: true },
  { ...capacity, formSubmitType: 'NUMBER' }, remarkForm, enabledForm,
]);

export const areaFamily: DocumentFamily = {
  label: '货区', base: '/api/masterdata/warehouse-area', permissionPrefix: 'md_warehouse_area', table: 'md_warehouse_area', scope: { kind: 'org' },
  code: { field: 'areaCode', column: 'area_code' },
  fields: [
    warehouseId,
    { name: 'areaCode', column: 'area_code', label: '货区编码', type: 'text', required: true, maxLength: 20 },
    { name: 'areaName', column: 'area_name', label: '货区名称', type: 'text', required: true, maxLength: 60 },
    capacityField, enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: areaList, forms: [areaCreate, areaUpdate], readFields: readFieldsOf(areaCreate),
  // codes repeat between warehouses: another system pushes an area by its warehouse's code and its own
  copy: 'none', dataxKey: ['warehouseId', 'areaCode'],
};

const materialName: FieldDef = {
  fieldName: 'invName', fieldExplain: '存放物料', fieldExplainEn: 'Material', fieldType: 'TEXT',
  columnSql: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', columnWidth: 200,
};
const siloList = defineListTemplate({
  formatCode: 'masterdata.silo.list', formatName: '筒仓', formatNameEn: 'Silos', mainTable: 'md_silo', resUrl: '/api/masterdata/silo/v2/list', menuPath: '/masterdata/silo',
  fields: [
    { fieldName: 'siloCode', fieldExplain: '筒仓编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.silo_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 90 },
    { fieldName: 'siloName', fieldExplain: '筒仓名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.silo_name', iallowQuery: true, searchType: 'input', columnWidth: 140 },
    warehouseName, materialName, capacity, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const [siloCreate, siloUpdate] = formTemplates({ formatCode: 'masterdata.silo', formatName: '筒仓', formatNameEn: 'silo', prefix: 'md_silo', mainTable: 'md_silo' }, [
  { fieldName: 'siloCode', fieldExplain: '筒仓编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.silo_code', irequired: true, iupdate: false },
  { fieldName: 'siloName', fieldExplain: '筒仓名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.silo_name', irequired: true },
  warehousePicker('md_silo'), hiddenId('warehouseId', 'warehouse_id'),
  { ...materialName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'masterdata.inventory.resource', map: [
    { masterTable: 'md_silo', fieldName: 'materialId', from: 'id' }, { masterTable: 'md_silo', fieldName: 'invName', from: 'invName' }] } },
  hiddenId('materialId', 'material_id'),
  { ...capacity, formSubmitType: 'NUMBER' }, remarkForm, enabledForm,
]);

export const siloFamily: DocumentFamily = {
  label: '筒仓', base: '/api/masterdata/silo', permissionPrefix: 'md_silo', table: 'md_silo', scope: { kind: 'org' },
  code: { field: 'siloCode', column: 'silo_code' },
  fields: [
    { name: 'siloCode', column: 'silo_code', label: '筒仓编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 20 },
    { name: 'siloName', column: 'silo_name', label: '筒仓名称', type: 'text', required: true, maxLength: 60 },
    warehouseId,
    { name: 'materialId', column: 'material_id', label: '存放物料', type: 'id',
      byCode: { name: 'invCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } },
    capacityField, enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: siloList, forms: [siloCreate, siloUpdate], readFields: readFieldsOf(siloCreate), copy: 'none',
};
