import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../../masterdata/shared/fields';
import { groupHasClass, placementOf } from './repo';
import { ADDRESS_KINDS, placementProblem, type AddressKind } from './rules';

/**
 * 库存地址: the places of a warehouse where goods lie (a yard and its bays, a silo's positions), a
 * tree under the warehouse. Codes are the company's (a ticket or a sheet names an address by it).
 */
export const ADDRESS_BASE = '/api/masterdata/stock-address';
export const ADDRESS_PATH = '/masterdata/stock-address';
export const ADDRESS_RESOURCE = 'masterdata.stock-address.resource';

const warehouseName: FieldDef = {
  fieldName: 'wareName', fieldExplain: '所属仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT',
  columnSql: '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)', columnWidth: 140, iallowQuery: true, searchType: 'input',
};
const parentName: FieldDef = {
  fieldName: 'parentName', fieldExplain: '上级地址', fieldExplainEn: 'Parent', fieldType: 'TEXT',
  columnSql: '(SELECT p.address_name FROM md_stock_address p WHERE p.id = t.parent_id)', columnWidth: 140,
};
const className: FieldDef = {
  fieldName: 'materialClassName', fieldExplain: '存放分类', fieldExplainEn: 'Goods class kept', fieldType: 'TEXT',
  columnSql: '(SELECT c.invc_name FROM md_material_class c WHERE c.id = t.material_class_id)', columnWidth: 120,
};
const kindOptions = ADDRESS_KINDS.map((k) => ({ value: k.value, label: k.label, labelEn: k.labelEn }));
const hidden = (fieldName: string, column: string): FieldDef => ({
  fieldName, fieldExplain: fieldName, fieldExplainEn: fieldName, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${column}::text`, ishow: false, ihidden: true,
});

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.stock-address.list', formatName: '库存地址', formatNameEn: 'Stock addresses', mainTable: 'md_stock_address',
  resUrl: `${ADDRESS_BASE}/v2/list`, menuPath: ADDRESS_PATH,
  fields: [
    warehouseName,
    { fieldName: 'addressCode', fieldExplain: '地址编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.address_code',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'addressName', fieldExplain: '地址名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.address_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'kind', fieldExplain: '地址类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', options: kindOptions, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    parentName, className,
    { fieldName: 'capacity', fieldExplain: '容量(吨)', fieldExplainEn: 'Capacity (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.capacity', columnWidth: 100 },
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Sort', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const resourceTemplate = defineTemplate({
  formatCode: ADDRESS_RESOURCE, formatName: '选择库存地址', formatNameEn: 'Select stock address', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_stock_address', resMethod: 'POST', resUrl: `${ADDRESS_BASE}/v2/list`, valueResourceSubName: 'addressCode', viewResourceSubName: 'addressName',
  fields: listTemplate.fields.filter((f) => ['wareName', 'addressCode', 'addressName', 'kind'].includes(f.fieldName)),
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.stock-address', formatName: '库存地址', formatNameEn: 'stock address', prefix: 'md_stock_address', mainTable: 'md_stock_address' }, [
  { ...warehouseName, iallowQuery: undefined, searchType: undefined, formSubmitType: 'RESOURCE_CONTROLS', irequired: true, resource: { formatCode: 'masterdata.warehouse.resource', map: [
    { masterTable: 'md_stock_address', fieldName: 'warehouseId', from: 'id' }, { masterTable: 'md_stock_address', fieldName: 'wareName', from: 'wareName' }] } },
  hidden('warehouseId', 'warehouse_id'),
  { fieldName: 'addressCode', fieldExplain: '地址编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.address_code', irequired: true, iupdate: false },
  { fieldName: 'addressName', fieldExplain: '地址名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.address_name', irequired: true },
  { fieldName: 'kind', fieldExplain: '地址类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.kind', options: kindOptions, irequired: true, defaultValue: 'YARD' },
  { ...parentName, formSubmitType: 'RESOURCE_CONTROLS', tipsMessage: '留空则为仓库下的顶级地址', resource: { formatCode: ADDRESS_RESOURCE, map: [
    { masterTable: 'md_stock_address', fieldName: 'parentId', from: 'id' }, { masterTable: 'md_stock_address', fieldName: 'parentName', from: 'addressName' }] } },
  hidden('parentId', 'parent_id'),
  { ...className, formSubmitType: 'RESOURCE_CONTROLS', tipsMessage: '留空则存放任何物料', resource: { formatCode: 'masterdata.inventory-class.resource', map: [
    { masterTable: 'md_stock_address', fieldName: 'materialClassId', from: 'id' }, { masterTable: 'md_stock_address', fieldName: 'materialClassName', from: 'name' }] } },
  hidden('materialClassId', 'material_class_id'),
  { fieldName: 'capacity', fieldExplain: '容量(吨)', fieldExplainEn: 'Capacity (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.capacity' },
  { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Sort', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'warehouseId', column: 'warehouse_id', label: '所属仓库', type: 'id', required: true,
    byCode: { name: 'wareCode', label: '仓库编码', table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' } },
  { name: 'addressCode', column: 'address_code', label: '地址编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 30 },
  { name: 'addressName', column: 'address_name', label: '地址名称', type: 'text', required: true, maxLength: 60 },
  { name: 'kind', column: 'kind', label: '地址类型', type: 'enum', required: true, options: kindOptions },
  { name: 'parentId', column: 'parent_id', label: '上级地址', type: 'id',
    byCode: { name: 'parentCode', label: '上级地址编码', table: 'md_stock_address', codeColumn: 'address_code', scope: 'org' } },
  { name: 'materialClassId', column: 'material_class_id', label: '存放分类', type: 'id',
    byCode: { name: 'materialClassCode', label: '存放分类编码', table: 'md_material_class', codeColumn: 'invc_code', scope: 'group' } },
  { name: 'capacity', column: 'capacity', label: '容量', type: 'number', scale: 3, min: 0.001, below: 1e11 },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', default: 0, min: 0, below: 1e6 },
  enabledField, remarkField,
];

export const stockAddressFamily: DocumentFamily = {
  label: '库存地址', base: ADDRESS_BASE, permissionPrefix: 'md_stock_address', table: 'md_stock_address', scope: { kind: 'org' },
  code: { field: 'addressCode', column: 'address_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  constraintMessages: { md_stock_address_not_own_parent: { field: 'parentId', message: '上级地址不能是本地址或其下级地址' } },
  checkWrite: async (tx, who, id, values) => {
    const placement = await placementOf(tx, who.orgId, id, {
      warehouseId: String(values.warehouseId), kind: values.kind as AddressKind, parentId: values.parentId ? String(values.parentId) : null,
    });
    if (values.parentId && !placement.parent) return [{ field: 'parentId', message: `上级地址不存在: ${String(values.parentId)}` }];
    // the class is the group's: another group's id names nothing here
    if (values.materialClassId && !(await groupHasClass(tx, who.groupId, String(values.materialClassId)))) {
      return [{ field: 'materialClassId', message: `存放分类不存在: ${String(values.materialClassId)}` }];
    }
    const problem = placementProblem(placement);
    return problem ? [problem] : [];
  },
};
