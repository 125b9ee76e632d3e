import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { draftLifecycle } from '../../platform/documents/lifecycle';
import { fieldOptions as options, readFieldsOf } from '../masterdata/shared/fields';
import { TRAIN_KINDS, trainBase, trainTable, WAGON_TABLE, type TrainKindDef } from './kinds';
import { auditTrains, contractTermsInto, trainWriteProblems, unauditTrains } from './repo';
import { LOSS_BASIS_OPTIONS, LOSS_HANDLING_OPTIONS, TARE_MODE_OPTIONS, trainForms, trainListTemplate } from './templates';

/**
 * The trains of a kind on the document engine: the header (车次) and its wagons as child rows.
 * Audit figures each wagon's loss against the train's loss terms, stamps the figures and posts
 * each wagon to stock in the audit's transaction (repo.ts); un-audit takes the records back.
 */
const WEIGHT_BELOW = 1e9;
const tons = (name: string, column: string, label: string): DocField => ({ name, column, label, type: 'number', scale: 3, min: 0, below: WEIGHT_BELOW });

export function headerFields(k: TrainKindDef): DocField[] {
  return [
    { name: 'trainNo', column: 'train_no', label: '车次', type: 'text', updatable: false, unique: true, maxLength: 40 },
    { name: 'arrivedAt', column: 'arrived_at', label: '到达时间', type: 'datetime', required: true },
    { name: k.party.idName, column: k.party.column, label: k.party.label, type: 'id', required: true,
      byCode: { name: k.party.codeName, label: `${k.party.label}编码`, table: k.party.table, codeColumn: k.party.codeColumn, scope: 'group' } },
    { name: 'contractId', column: 'contract_id', label: '合同', type: 'id', byCode: { name: 'contractNo', label: '合同号', table: 'wb_contract', codeColumn: 'contract_no', scope: 'org' } },
    { name: 'noticeId', column: 'notice_id', label: '通知单', type: 'id', importable: false },
    { name: 'materialId', column: 'material_id', label: '物料', type: 'id', byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } },
    { name: 'warehouseId', column: 'warehouse_id', label: '仓库', type: 'id', required: true, byCode: { name: 'wareCode', label: '仓库编码', table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' } },
    { name: 'lossBasis', column: 'loss_basis', label: '损耗方式', type: 'enum', options: options(LOSS_BASIS_OPTIONS) },
    { name: 'lossAllowance', column: 'loss_allowance', label: '允许损耗', type: 'number', scale: 4, min: 0, below: WEIGHT_BELOW },
    { name: 'lossHandling', column: 'loss_handling', label: '超耗处理', type: 'enum', required: true, default: 'FLAG', options: options(LOSS_HANDLING_OPTIONS) },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ];
}

export function wagonFields(): DocField[] {
  return [
    { name: 'wagonNo', column: 'wagon_no', label: '车号', type: 'text', required: true, maxLength: 20, normalise: (t) => t.trim().toUpperCase() },
    { name: 'wagonMaterialId', column: 'material_id', label: '车皮物料', type: 'id', byCode: { name: 'wagonMaterialCode', label: '车皮物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } },
    tons('gross', 'gross', '毛重'),
    tons('tare', 'tare', '皮重'),
    { name: 'tareMode', column: 'tare_mode', label: '皮重方式', type: 'enum', required: true, default: 'MARKED', options: options(TARE_MODE_OPTIONS) },
    tons('waybill', 'waybill', '票重'),
    { name: 'wagonSeq', column: 'seq', label: '序号', type: 'integer' },
    { name: 'wagonRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
  ];
}

/** A wagon's weights: a gross above zero and above its tare. */
export function wagonProblems(v: EntityValues): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (v.gross !== null && v.gross !== undefined && Number(v.gross) <= 0) problems.push({ field: 'gross', message: '毛重必须大于0' });
  if (v.tare !== null && v.tare !== undefined && Number(v.tare) <= 0) problems.push({ field: 'tare', message: '皮重必须大于0' });
  if (problems.length === 0 && v.gross != null && v.tare != null && Number(v.tare) >= Number(v.gross)) problems.push({ field: 'tare', message: '皮重必须小于毛重' });
  return problems;
}

function wagons(k: TrainKindDef): DocumentChildren {
  const columns = trainForms(k)[0].fields.filter((f) => f.customTable === WAGON_TABLE);
  return {
    label: '车皮', table: WAGON_TABLE, parentColumn: 'train_id',
    fields: wagonFields(),
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: columns }),
      { name: 'wagonSeq', sql: 't.seq' }, { name: 'wagonMaterialId', sql: 't.material_id::text' },
    ],
    seq: { field: 'wagonSeq', column: 'seq' },
    validate: wagonProblems,
    checkWrite: async (_tx, _who, _parentId, _header, rows) => {
      const seen = new Map<string, number>();
      return rows.flatMap((r, i) => {
        const no = String(r.values.wagonNo ?? '');
        const first = seen.get(no);
        if (first === undefined) { seen.set(no, i + 1); return []; }
        return [{ row: i + 1, field: 'wagonNo', message: `第${i + 1}行车号 ${no} 与第${first}行相同` }];
      });
    },
    constraintMessages: {
      wb_wagon_train_id_wagon_no_key: { field: 'wagonNo', message: '同一车次的车号不能重复' },
      wb_wagon_tare_below_gross: { field: 'tare', message: '皮重必须小于毛重' },
    },
  };
}

export function trainFamily(k: TrainKindDef): DocumentFamily {
  const [createForm, updateForm] = trainForms(k);
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== WAGON_TABLE) };
  return {
    label: k.label, logLabel: k.label, base: trainBase(k.kind), permissionPrefix: `track_${k.kind}`, table: trainTable(k.kind), scope: { kind: 'org' },
    code: { field: 'trainNo', column: 'train_no' },
    numbering: { docKind: `track.${k.kind}`, fallback: { prefix: k.prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: headerFields(k),
    lifecycle: draftLifecycle, statusColumn: 'doc_status',
    listTemplate: trainListTemplate(k), forms: [createForm, updateForm],
    readFields: [...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' }, { name: 'kind', sql: 't.kind' }],
    copy: 'none', import: false, datax: false,
    // a train of a contract is figured by the contract's loss terms unless the form names its own
    prepare: (db, who, entity) => contractTermsInto(db, who.orgId, entity),
    validate: (v) => ((v.lossBasis == null) !== (v.lossAllowance == null)
      ? [{ field: v.lossBasis == null ? 'lossBasis' : 'lossAllowance', message: '损耗方式与允许损耗须同时填写' }] : []),
    checkWrite: (tx, who, _id, values) => trainWriteProblems(tx, who.orgId, k, values),
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'audit') return auditTrains(tx, who, k, ids);
      if (action === 'unaudit') return unauditTrains(tx, who, ids);
      return [];
    },
    constraintMessages: {
      wb_train_loss_terms: { field: 'lossAllowance', message: '损耗方式与允许损耗须同时填写' },
      wb_train_org_id_train_no_key: { field: 'trainNo', message: '车次已存在' },
    },
    children: wagons(k),
  };
}

export const TRAIN_FAMILIES: DocumentFamily[] = TRAIN_KINDS.map(trainFamily);
