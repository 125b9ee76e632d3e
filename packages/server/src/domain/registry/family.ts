import { isValidPlate, normaliseIdNumber, normalisePlate, validateIdNumber } from '@wb/protocol';
import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { REGISTRY_LICENCE_FIELDS, registryLicenceProblems } from '../licence/seams';
import { checkMobile, readFieldsOf } from '../masterdata/shared/fields';
import { KIND_INFO, numberingOf, registryBase, registryPermission, registryView, REGISTRY_KINDS, type RegistryKind } from './kinds';
import { registryDocTransitions } from './lifecycle';
import { checkFormCard } from './card-form';
import { historyTemplateOf } from './history';
import { resolveParties } from './parties';
import { formsOf, listTemplateOf, noticeLineListOf, noticeLinePopupOf } from './templates';

/**
 * The registries on the document engine: list, create, update, get, delList and export. The state
 * actions (audit, obsolete, recover, ...) and the gate are the family's own routes (routes.ts):
 * they move the notice line's hold and the truck, which the engine's generic change does not.
 */
function fieldsOf(kind: RegistryKind): DocField[] {
  const info = KIND_INFO[kind];
  return [
    { name: 'registryNo', column: 'registry_no', label: '登记单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    { name: 'kind', column: 'kind', label: '类别', type: 'enum', options: [{ value: kind, label: info.label }], default: kind, updatable: false, importable: false },
    { name: 'plateNumber', column: 'plate_number', label: '车牌号', type: 'text', required: true, maxLength: 12, normalise: normalisePlate,
      check: (v) => (isValidPlate(v) ? null : `车牌号 ${v} 格式不正确`) },
    ...(info.withNotice
      ? [{ name: 'noticeLineId', column: 'notice_line_id', label: '通知单明细', type: 'id', required: true, importable: false } as DocField]
      : [{ name: 'materialId', column: 'material_id', label: '物料', type: 'id', importable: false } as DocField]),
    // taken from the notice line, the plate and the id number (parties.ts), never from the request
    ...(info.withNotice ? [
      { name: 'noticeId', column: 'notice_id', label: '通知单', type: 'id', importable: false } as DocField,
      { name: 'materialId', column: 'material_id', label: '物料', type: 'id', importable: false } as DocField,
    ] : []),
    { name: 'vehicleId', column: 'vehicle_id', label: '车辆', type: 'id', importable: false },
    { name: 'driverId', column: 'driver_id', label: '司机', type: 'id', importable: false },
    { name: 'preQuantity', column: 'pre_quantity', label: '预装数', type: 'number', scale: 4, min: 0, below: 1e10, required: info.withNotice },
    ...(kind === 'pu' ? [{ name: 'shippedQuantity', column: 'shipped_quantity', label: '原发数', type: 'number', scale: 4, below: 1e10, required: true } as DocField] : []),
    { name: 'driverName', column: 'driver_name', label: '司机', type: 'text', maxLength: 40 },
    { name: 'driverIdNumber', column: 'driver_id_number', label: '身份证号', type: 'text', normalise: normaliseIdNumber, check: (v) => validateIdNumber(v) },
    { name: 'driverMobile', column: 'driver_mobile', label: '司机手机号', type: 'text', check: checkMobile('司机手机号') },
    { name: 'carrierId', column: 'carrier_id', label: '承运商', type: 'id', importable: false },
    { name: 'axleCount', column: 'axle_count', label: '轴数', type: 'integer', min: 2, below: 9, check: (v) => (/^[2-8]$/.test(v) ? null : '轴数应为2到8') },
    // the card the form's 读卡 put in (checked and locked in card-form.ts)
    { name: 'icCardId', column: 'ic_card_id', label: 'IC卡', type: 'id', importable: false },
    { name: 'validFrom', column: 'valid_from', label: '有效期自', type: 'datetime' },
    { name: 'validTo', column: 'valid_to', label: '有效期至', type: 'datetime' },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
    ...(kind === 'sa' ? REGISTRY_LICENCE_FIELDS : []),
  ];
}

/** Checks across fields: a purchase's shipped quantity is more than nothing; a validity ends after it starts. */
export function validateRegistry(v: EntityValues): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (v.shippedQuantity !== undefined && v.shippedQuantity !== null && Number(v.shippedQuantity) <= 0) {
    problems.push({ field: 'shippedQuantity', message: '原发数应大于0' });
  }
  if (v.axleCount !== undefined && v.axleCount !== null && (Number(v.axleCount) < 2 || Number(v.axleCount) > 8)) {
    problems.push({ field: 'axleCount', message: '轴数应为2到8' });
  }
  if (v.validFrom && v.validTo && new Date(String(v.validTo)) <= new Date(String(v.validFrom))) {
    problems.push({ field: 'validTo', message: '有效期至应晚于有效期自' });
  }
  return problems;
}

/** The engine edits a draft only; every other move is the registry's own table (lifecycle.ts). */
const engineLifecycle = {
  update: { from: registryDocTransitions.update.from, change: {} },
  delete: { from: registryDocTransitions.delete.from, change: {} },
} as const satisfies Lifecycle;

export function registryFamily(kind: RegistryKind): DocumentFamily {
  const [createForm, updateForm] = formsOf(kind);
  return {
    label: '登记单', logLabel: KIND_INFO[kind].label, base: registryBase(kind), permissionPrefix: registryPermission(kind), table: registryView(kind), scope: { kind: 'org' },
    code: { field: 'registryNo', column: 'registry_no' }, numbering: numberingOf(kind), fields: fieldsOf(kind),
    lifecycle: engineLifecycle, statusColumn: 'doc_status',
    listTemplate: listTemplateOf(kind), resourceTemplate: undefined, forms: [...(KIND_INFO[kind].withNotice ? [noticeLineListOf(kind), noticeLinePopupOf(kind)] : []), createForm, updateForm],
    readFields: [
      ...readFieldsOf(createForm),
      { name: 'docStatus', sql: 't.doc_status' }, { name: 'tripState', sql: 't.trip_state' }, { name: 'enabled', sql: 't.enabled' },
      { name: 'reservedQuantity', sql: 't.reserved_quantity' },
      { name: 'enteredAt', sql: 't.entered_at' }, { name: 'releasedAt', sql: 't.released_at' }, { name: 'releaseKind', sql: 't.release_kind' },
      { name: 'dischargePointId', sql: 't.discharge_point_id::text' }, { name: 'queueNo', sql: 't.queue_no' },
    ],
    copy: 'none', import: false, datax: false,
    validate: validateRegistry,
    checkWrite: async (tx, who, id, values) => {
      const problems = await resolveParties(tx, who, kind, values);
      if (problems.length) return problems;
      const licence = kind === 'sa' ? await registryLicenceProblems(tx, who.orgId, values) : [];
      return licence.length ? licence : checkFormCard(tx, who, id, values);
    },
    constraintMessages: {
      wb_registry_shipped: { field: 'shippedQuantity', message: '原发数不能为空！' },
      wb_registry_notice_needed: { field: 'noticeLineId', message: '通知单明细不能为空！' },
      wb_registry_card_uq: { field: 'cardNo', message: '该IC卡已绑定其他未完成的登记单' },
      wb_registry_validity: { field: 'validTo', message: '有效期至应晚于有效期自' },
    },
  };
}

export const REGISTRY_FAMILIES: Record<RegistryKind, DocumentFamily> = Object.fromEntries(
  REGISTRY_KINDS.map((k) => [k, registryFamily(k)]),
) as Record<RegistryKind, DocumentFamily>;

export const REGISTRY_TEMPLATES = REGISTRY_KINDS.flatMap((k) => [REGISTRY_FAMILIES[k].listTemplate, ...REGISTRY_FAMILIES[k].forms, historyTemplateOf(k)]);
