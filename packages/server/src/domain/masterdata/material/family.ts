import type { DocField, DocumentFamily, EntityValues } from '../../../platform/documents/define';
import { archiveLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import {
  allocatedColumn, createDateColumn, enabledColumn, enabledField, formTemplates, MONEY_BELOW, readFieldsOf, remarkColumn, remarkField,
  RESOURCE_TYPES, statusColumn, versionColumn, switchField,
} from '../shared/fields';
import { materialsUnderClass } from './classes';

/**
 * 物料 (存货): the group's materials with the weighing extension the weighbridge reads per
 * material (spec section 3): hidden deduction, dangerous goods, packed goods, sampling, overload
 * check, which weighing comes first, site confirmation, kind of scale.
 */
const PNMARY = [{ value: 'GROSS_FIRST', label: '先毛后皮', labelEn: 'Gross first' }, { value: 'TARE_FIRST', label: '先皮后毛', labelEn: 'Tare first' }];
const WEIGH_TYPES = [{ value: 'TRUCK_SCALE', label: '汽车衡', labelEn: 'Truck scale' }, { value: 'TRACK_SCALE', label: '轨道衡', labelEn: 'Track scale' }, { value: 'BELT_SCALE', label: '皮带秤', labelEn: 'Belt scale' }];
const YES_NO = [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }];

const className: FieldDef = {
  fieldName: 'invcName', fieldExplain: '存货分类', fieldExplainEn: 'Class', fieldType: 'TEXT',
  columnSql: '(SELECT c.invc_name FROM md_material_class c WHERE c.id = t.invc_id)', columnWidth: 120,
};
const flag = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'BOOLEAN', columnSql: `t.${column}`, options: YES_NO, columnWidth: 80, ...extra,
});
const num = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql: `t.${column}`, columnWidth: 100, ...extra,
});

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.inventory.list', formatName: '物料', formatNameEn: 'Materials', formatStyle: 'FORMAT_TREE_LIST',
  mainTable: 'md_material_in_org', orgColumn: 'alloc_org_id', resUrl: '/api/masterdata/inventory/v2/list', menuPath: '/masterdata/inventory',
  treeResUrl: '/api/masterdata/inventory-class/tree', treeResMethod: 'GET',
  fields: [
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.inv_code',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 110 },
    { fieldName: 'invName', fieldExplain: '物料名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.inv_name',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', columnWidth: 220 },
    { fieldName: 'model', fieldExplain: '规格型号', fieldExplainEn: 'Model', fieldType: 'TEXT', columnSql: 't.model', iallowQuery: true, searchType: 'input', columnWidth: 200 },
    className,
    { fieldName: 'invcId', fieldExplain: '分类编号', fieldExplainEn: 'Class id', fieldType: 'TEXT', columnSql: 't.invc_id::text', iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'unit', fieldExplain: '计量单位', fieldExplainEn: 'Unit', fieldType: 'TEXT', columnSql: 't.unit', columnWidth: 70 },
    flag('isPu', '采购', 'Purchase', 'is_pu', { iallowQuery: true, searchType: 'comboxSingle' }),
    flag('isSa', '销售', 'Sales', 'is_sa', { iallowQuery: true, searchType: 'comboxSingle' }),
    num('referencePrice', '参考价', 'Reference price', 'reference_price', { displayKind: 'unitPrice', iallowAdvanceQuery: true, isortField: true }),
    num('lossPercentage', '途损率(%)', 'Transit loss (%)', 'loss_percentage'),
    num('hiddenDeduct', '暗扣(吨)', 'Hidden deduction (t)', 'hidden_deduct', { displayKind: 'weight' }),
    flag('isSample', '取样', 'Sampled', 'is_sample'),
    flag('sceneConfirm', '现场确认', 'Site confirmation', 'scene_confirm'),
    flag('overload', '超载检查', 'Overload check', 'overload'),
    flag('isDangerous', '危化品', 'Hazardous', 'is_dangerous'),
    flag('isPack', '包装物料', 'Packed goods', 'is_pack'),
    flag('gauged', '按方计量', 'Gauged by volume', 'gauged'),
    flag('batchManaged', '批次管理', 'Batch-managed', 'batch_managed'),
    { fieldName: 'weighType', fieldExplain: '计量方式', fieldExplainEn: 'Scale', fieldType: 'ENUM', columnSql: 't.weigh_type', options: WEIGH_TYPES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    statusColumn, enabledColumn, allocatedColumn('md_material_alloc'), remarkColumn, createDateColumn, versionColumn,
  ],
});

const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.inventory.resource', formatName: '选择物料', formatNameEn: 'Select material', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
  mainTable: 'md_material_in_org', orgColumn: 'alloc_org_id', resMethod: 'POST', resUrl: '/api/masterdata/inventory/v2/list',
  treeResUrl: '/api/masterdata/inventory-class/tree', treeResMethod: 'GET', valueResourceSubName: 'invCode', viewResourceSubName: 'invName',
  fields: listTemplate.fields.filter((f) => ['invCode', 'invName', 'model', 'invcName', 'unit'].includes(f.fieldName)),
});

const form = (fieldName: string, fieldExplain: string, fieldExplainEn: string, formSubmitType: FieldDef['formSubmitType'], column: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: formSubmitType === 'BOOLEAN' ? 'BOOLEAN' : formSubmitType === 'NUMBER' ? 'NUMBER' : 'TEXT', formSubmitType,
  columnSql: `t.${column}`, ...(formSubmitType === 'BOOLEAN' ? { options: YES_NO, defaultValue: 'false' } : {}), ...extra,
});

const [createForm, updateForm] = formTemplates(
  { formatCode: 'masterdata.inventory', formatName: '物料', formatNameEn: 'material', prefix: 'md_inventory', mainTable: 'md_material', style: 'FORMAT_EIGHT_COLUMN_FROM' },
  [
    form('invCode', '物料编码', 'Code', 'ONE_TXT', 'inv_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    form('invName', '物料名称', 'Name', 'ONE_TXT', 'inv_name', { irequired: true }),
    { ...className, formSubmitType: 'RESOURCE_CONTROLS', irequired: true, resource: { formatCode: 'masterdata.inventory-class.resource', map: [
      { masterTable: 'md_material', fieldName: 'invcId', from: 'id' }, { masterTable: 'md_material', fieldName: 'invcName', from: 'name' }] } },
    form('invcId', '分类编号', 'Class id', 'ONE_TXT', 'invc_id::text', { ishow: false, ihidden: true }),
    form('model', '规格型号', 'Model', 'ONE_TXT', 'model'),
    form('innerCode', 'ERP编码', 'ERP code', 'ONE_TXT', 'inner_code'),
    form('unit', '计量单位', 'Unit', 'ONE_TXT', 'unit', { defaultValue: '吨' }),
    form('isPu', '采购', 'Purchase', 'BOOLEAN', 'is_pu'),
    form('isSa', '销售', 'Sales', 'BOOLEAN', 'is_sa'),
    form('referencePrice', '参考价(元/吨)', 'Ref. price (yuan/t)', 'NUMBER', 'reference_price', { displayKind: 'unitPrice' }),
    form('topBuyingPrice', '最高采购价(元/吨)', 'Max price (yuan/t)', 'NUMBER', 'top_buying_price', { displayKind: 'unitPrice' }),
    form('lossPercentage', '途损率(%)', 'Transit loss (%)', 'NUMBER', 'loss_percentage', { defaultValue: '0' }),
    form('lossWeight', '途损量(吨/车)', 'Transit loss (t/truck)', 'NUMBER', 'loss_weight', { displayKind: 'weight', defaultValue: '0' }),
    form('hiddenDeduct', '暗扣(吨/车)', 'Hidden deduct (t/truck)', 'NUMBER', 'hidden_deduct', { displayKind: 'weight', defaultValue: '0' }),
    // the least net a trip can weigh: a lighter one is refused or confirmed at the second weighing (weighing/rules/unusual.ts)
    form('minNet', '最小净重(吨/车)', 'Minimum net (t/truck)', 'NUMBER', 'min_net', { displayKind: 'weight' }),
    form('isPack', '包装物料', 'Packed goods', 'BOOLEAN', 'is_pack'),
    form('theoryWeight', '单件理论重量(吨)', 'Piece weight (t)', 'NUMBER', 'theory_weight', { displayKind: 'weight', controlValue: 'isPack=true' }),
    form('packWeight', '单件包装重量(吨)', 'Packing weight (t)', 'NUMBER', 'pack_weight', { displayKind: 'weight', controlValue: 'isPack=true' }),
    // 085: bought or sold by volume (检尺, weighing/gauge): its bulk density and whether the yard's volume is turned into tons
    form('gauged', '按方计量', 'Gauged by volume', 'BOOLEAN', 'gauged'),
    form('density', '密度(吨/立方米)', 'Density (t/m3)', 'NUMBER', 'density', { controlValue: 'gauged=true' }),
    form('gaugeToTons', '检尺折算吨位', 'Volume to tons', 'BOOLEAN', 'gauge_to_tons', { controlValue: 'gauged=true' }),
    // 086: its sales tickets name the production batch (批次号)
    form('batchManaged', '批次管理', 'Batch-managed', 'BOOLEAN', 'batch_managed'),
    form('isDangerous', '危化品', 'Hazardous', 'BOOLEAN', 'is_dangerous'),
    form('isSample', '取样', 'Sampled', 'BOOLEAN', 'is_sample'),
    form('overload', '超载检查', 'Overload check', 'BOOLEAN', 'overload'),
    form('sceneConfirm', '现场确认', 'Site confirmation', 'BOOLEAN', 'scene_confirm'),
    { fieldName: 'pnmary', fieldExplain: '过磅顺序', fieldExplainEn: 'Weighing order', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.pnmary', options: PNMARY, tipsMessage: '留空按单据类型' },
    { fieldName: 'weighType', fieldExplain: '计量方式', fieldExplainEn: 'Scale', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.weigh_type', options: WEIGH_TYPES, defaultValue: 'TRUCK_SCALE' },
    { fieldName: 'resourceType', fieldExplain: '来源', fieldExplainEn: 'Source', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.resource_type', options: RESOURCE_TYPES, defaultValue: 'LOCAL' },
    form('remark', '备注', 'Remark', 'TEXTAREA', 'remark', { rows: 2 }),
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.doc_status', iupdate: false, ishow: false },
    form('enabled', '启用', 'Enabled', 'BOOLEAN', 'enabled', { iupdate: false, ishow: false }),
  ],
);

/** The class popup the material form opens: the group's class tree. */
const classResourceTemplate = defineTemplate({
  formatCode: 'masterdata.inventory-class.resource', formatName: '选择存货分类', formatNameEn: 'Select inventory class', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_TREE',
  mainTable: 'md_material_class', treeResUrl: '/api/masterdata/inventory-class/tree', treeResMethod: 'GET',
  valueResourceSubName: 'name', viewResourceSubName: 'name',
  fields: [{ fieldName: 'name', fieldExplain: '存货分类', fieldExplainEn: 'Class', fieldType: 'TEXT' }],
});

const b = switchField;
const n = (name: string, column: string, label: string, scale: number, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale, min: 0, below: 1e11, ...extra,
});

const FIELDS: DocField[] = [
  { name: 'invCode', column: 'inv_code', label: '物料编码', type: 'text', updatable: false, unique: true, maxLength: 40 },
  { name: 'invName', column: 'inv_name', label: '物料名称', type: 'text', required: true, maxLength: 100 },
  { name: 'invcId', column: 'invc_id', label: '存货分类', type: 'id', required: true,
    byCode: { name: 'invcCode', label: '存货分类编码', table: 'md_material_class', codeColumn: 'invc_code', scope: 'group' } },
  { name: 'model', column: 'model', label: '规格型号', type: 'text', maxLength: 100 },
  { name: 'innerCode', column: 'inner_code', label: 'ERP编码', type: 'text', maxLength: 40 },
  { name: 'unit', column: 'unit', label: '计量单位', type: 'text', maxLength: 10, default: '吨' },
  b('isPu', 'is_pu', '采购'),
  b('isSa', 'is_sa', '销售'),
  n('referencePrice', 'reference_price', '参考价', 4, { below: MONEY_BELOW }),
  n('topBuyingPrice', 'top_buying_price', '最高采购价', 4, { below: MONEY_BELOW }),
  n('lossPercentage', 'loss_percentage', '途损率', 4, { below: 100.00001, default: '0' }),
  n('lossWeight', 'loss_weight', '途损量', 3, { default: '0' }),
  n('hiddenDeduct', 'hidden_deduct', '暗扣', 3, { default: '0' }),
  n('minNet', 'min_net', '最小净重', 3, { min: 0.001 }),
  b('isPack', 'is_pack', '包装物料'),
  // NUMERIC(14,6): eight digits before the point
  n('theoryWeight', 'theory_weight', '单件理论重量', 6, { min: 0.000001, below: 1e8 }),
  n('packWeight', 'pack_weight', '单件包装重量', 6, { below: 1e8 }),
  b('gauged', 'gauged', '按方计量'),
  // NUMERIC(8,4): t/m3
  n('density', 'density', '密度', 4, { min: 0.0001, below: 10000 }),
  b('gaugeToTons', 'gauge_to_tons', '检尺折算吨位'),
  b('batchManaged', 'batch_managed', '批次管理'),
  b('isDangerous', 'is_dangerous', '危化品'),
  b('isSample', 'is_sample', '取样'),
  b('overload', 'overload', '超载检查'),
  b('sceneConfirm', 'scene_confirm', '现场确认'),
  { name: 'pnmary', column: 'pnmary', label: '过磅顺序', type: 'enum', options: PNMARY },
  { name: 'weighType', column: 'weigh_type', label: '计量方式', type: 'enum', options: WEIGH_TYPES, default: 'TRUCK_SCALE' },
  { name: 'resourceType', column: 'resource_type', label: '来源', type: 'enum', options: RESOURCE_TYPES, default: 'LOCAL' },
  enabledField,
  remarkField,
];

/** Packed goods are counted in pieces: without the weight of one the count cannot become tons. */
export function validateMaterial(v: EntityValues): { field: string; message: string }[] {
  if (v.isPack === true && !v.theoryWeight) return [{ field: 'theoryWeight', message: '包装物料必须填写单件理论重量' }];
  // a gauged volume becomes tons only by the material's density (weighing/gauge/rules.ts)
  if (v.gaugeToTons === true && !v.density) return [{ field: 'density', message: '检尺折算吨位必须填写密度(吨/立方米)' }];
  return [];
}

export const materialFamily: DocumentFamily = {
  label: '物料', base: '/api/masterdata/inventory', permissionPrefix: 'md_inventory', table: 'md_material',
  scope: { kind: 'group', allocTable: 'md_material_alloc' },
  code: { field: 'invCode', column: 'inv_code' },
  numbering: { docKind: 'md.inventory', fallback: { prefix: 'WL', datePattern: null, serialWidth: 5, resetPeriod: 'NEVER' } },
  fields: FIELDS, lifecycle: archiveLifecycle, statusColumn: 'doc_status',
  listTemplate, resourceTemplate, forms: [createForm, updateForm, classResourceTemplate], readFields: readFieldsOf(createForm),
  copy: 'one', copyClears: ['inner_code'], validate: validateMaterial,
  constraintMessages: { md_material_gauge_density: { field: 'density', message: '检尺折算吨位必须填写密度(吨/立方米)' } },
  treeFilter: materialsUnderClass,
};
