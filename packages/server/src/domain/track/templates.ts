import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { codePicker } from '../masterdata/shared/code-picker';
import { trainBase, trainTable, WAGON_TABLE, type TrainKindDef } from './kinds';

/**
 * The track scale's screens: the list of trains of a kind, and the train's form with its wagon
 * grid (wagon number, material, gross, tare and how it is known, waybill weight; net, loss,
 * tolerance and what lies beyond read back).
 */
export const TRAIN_STATUS_OPTIONS = [
  { value: 'FREE', label: '自由', labelEn: 'Free', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const TARE_MODE_OPTIONS = [{ value: 'MARKED', label: '标重', labelEn: 'Stencilled' }, { value: 'WEIGHED', label: '过磅', labelEn: 'Weighed' }];
export const LOSS_BASIS_OPTIONS = [{ value: 'PERMILLE', label: '千分比(‰)', labelEn: 'Permille (‰)' }, { value: 'TONS', label: '吨/车', labelEn: 'Tons per wagon' }];
export const LOSS_HANDLING_OPTIONS = [{ value: 'CHARGE', label: '超耗扣吨', labelEn: 'Charge the excess' }, { value: 'FLAG', label: '仅标记', labelEn: 'Flag only' }];

const trimmed = (expr: string) => `trim_scale(${expr})`;
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const materialCode = '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)';
const warehouseName = '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)';
const contractNo = '(SELECT c.contract_no FROM wb_contract c WHERE c.id = t.contract_id)';
const partyName = (k: TrainKindDef) => `(SELECT p.${k.party.nameColumn} FROM ${k.party.table} p WHERE p.id = t.${k.party.column})`;
const wagons = (expr: string) => `(SELECT ${expr} FROM wb_wagon w WHERE w.train_id = t.id)`;

const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', columnSql, columnWidth: 120, ...extra,
});
const weight = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql: trimmed(columnSql), displayKind: 'weight', columnWidth: 100, ...extra,
});
const enumOf = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, options: FieldDef['options'], extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'ENUM', columnSql, options, columnWidth: 90, ...extra,
});
const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});

function listFields(k: TrainKindDef): FieldDef[] {
  return [
    text('trainNo', '车次', 'Train no.', 't.train_no', { iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 160 }),
    enumOf('docStatus', '单据状态', 'Status', 't.doc_status', TRAIN_STATUS_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    { fieldName: 'arrivedAt', fieldExplain: '到达时间', fieldExplainEn: 'Arrived', fieldType: 'DATE', columnSql: 't.arrived_at', iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
    text('partyName', k.party.label, k.party.labelEn, partyName(k), { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 }),
    text('materialName', '物料', 'Material', materialName, { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 150 }),
    text('contractNo', '合同号', 'Contract no.', contractNo, { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 150 }),
    text('warehouseName', '仓库', 'Warehouse', warehouseName, { columnWidth: 120 }),
    { fieldName: 'wagonCount', fieldExplain: '车数', fieldExplainEn: 'Wagons', fieldType: 'NUMBER', columnSql: wagons('count(*)::int'), columnWidth: 70 },
    weight('netTotal', '净重合计', 'Net total', wagons('coalesce(sum(w.net), 0)')),
    weight('waybillTotal', '票重合计', 'Waybill total', wagons('coalesce(sum(w.waybill), 0)')),
    weight('lossTotal', '亏吨合计', 'Loss total', wagons('coalesce(sum(w.loss), 0)')),
    weight('overLossTotal', '超耗合计', 'Over-tolerance total', wagons('coalesce(sum(w.over_loss), 0)')),
    remarkColumn,
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', isortField: true, columnWidth: 170 },
    createDateColumn,
    versionColumn,
  ];
}

export const trainListTemplate = (k: TrainKindDef) => defineListTemplate({
  formatCode: `track.${k.kind}.list`, formatName: k.label, formatNameEn: k.labelEn, mainTable: trainTable(k.kind), ownerColumn: 'created_by',
  resUrl: `${trainBase(k.kind)}/v2/list`, menuPath: k.menuPath, fields: listFields(k),
});

function picker(table: string, name: string, idName: string, column: string, label: string, labelEn: string, columnSql: string, formatCode: string, from: string, irequired: boolean): FieldDef[] {
  return [
    { fieldName: name, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql, irequired,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: name, from }] } },
    hidden(idName, `${label}编号`, `${labelEn} id`, `t.${column}::text`),
  ];
}

/** The wagon grid of the train's form: codes typed or picked, the figures read back. */
export function wagonColumns(): FieldDef[] {
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 110, ...extra,
  });
  const num = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string, extra: Partial<FieldDef> = {}): FieldDef =>
    ({ ...weight(fieldName, fieldExplain, fieldExplainEn, `t.${column}`), formSubmitType: 'NUMBER', ...extra });
  const figure = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string) => num(fieldName, fieldExplain, fieldExplainEn, column, { iupdate: false });
  return [
    col('wagonNo', '车号', 'Wagon no.', 't.wagon_no', { irequired: true }),
    codePicker(col('wagonMaterialCode', '车皮物料编码', 'Wagon material code', materialCode, { tipsMessage: '留空则为车次的物料' }), 'material', 'wagonMaterialName', WAGON_TABLE),
    col('wagonMaterialName', '车皮物料', 'Wagon material', materialName, { iupdate: false, columnWidth: 140 }),
    num('gross', '毛重', 'Gross', 'gross'),
    num('tare', '皮重', 'Tare', 'tare'),
    { ...enumOf('tareMode', '皮重方式', 'Tare from', 't.tare_mode', TARE_MODE_OPTIONS), formSubmitType: 'SELECT', defaultValue: 'MARKED' },
    figure('net', '净重', 'Net', 'net'),
    num('waybill', '票重', 'Waybill weight', 'waybill'),
    figure('loss', '亏吨', 'Loss', 'loss'),
    figure('tolerance', '允许损耗', 'Tolerance', 'tolerance'),
    figure('overLoss', '超耗', 'Over tolerance', 'over_loss'),
    figure('charged', '扣吨', 'Charged', 'charged'),
    col('wagonRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ];
}

export function trainForms(k: TrainKindDef) {
  const table = trainTable(k.kind);
  const forms = formTemplates({ formatCode: `track.${k.kind}`, formatName: k.label, formatNameEn: k.labelEn.toLowerCase(), prefix: `track_${k.kind}`, mainTable: table }, [
    { fieldName: 'trainNo', fieldExplain: '车次', fieldExplainEn: 'Train no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.train_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { fieldName: 'arrivedAt', fieldExplain: '到达时间', fieldExplainEn: 'Arrived', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.arrived_at', irequired: true },
    ...picker(table, 'partyName', k.party.idName, k.party.column, k.party.label, k.party.labelEn, partyName(k), k.party.resource, k.party.nameField, true),
    ...picker(table, 'contractNo', 'contractId', 'contract_id', '合同', 'Contract', contractNo, `contract.${k.kind}.resource`, 'contractNo', false)
      .map((f) => (f.formSubmitType === 'RESOURCE_CONTROLS' ? { ...f, tipsMessage: '选择合同则按合同的损耗条款计算' } : f)),
    ...picker(table, 'materialName', 'materialId', 'material_id', '物料', 'Material', materialName, 'masterdata.inventory.resource', 'invName', false),
    ...picker(table, 'warehouseName', 'warehouseId', 'warehouse_id', '仓库', 'Warehouse', warehouseName, 'masterdata.warehouse.resource', 'wareName', true),
    { ...enumOf('lossBasis', '损耗方式', 'Loss basis', 't.loss_basis', LOSS_BASIS_OPTIONS), formSubmitType: 'SELECT' },
    { fieldName: 'lossAllowance', fieldExplain: '允许损耗', fieldExplainEn: 'Loss allowance', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: trimmed('t.loss_allowance') },
    { ...enumOf('lossHandling', '超耗处理', 'Excess loss', 't.loss_handling', LOSS_HANDLING_OPTIONS), formSubmitType: 'SELECT', defaultValue: 'FLAG' },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: TRAIN_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
  const remark = '审核后每节车皮按净重记入库存；亏吨 = 票重 - 净重，超出允许损耗的部分按超耗处理方式扣吨或标记';
  return forms.map((f) => masterChildForm({ ...f, remark }, WAGON_TABLE, wagonColumns()));
}
