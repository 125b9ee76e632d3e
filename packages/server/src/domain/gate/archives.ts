import { ROLE } from '../../platform/menu/define';
import { REGISTRY_KINDS, KIND_INFO } from '../registry/kinds';
import { archive, type Archive } from './archive';
import { unknownMaterialCodes } from './repo';
import { BATCH_BUTTONS, BATCH_COLUMNS } from '../batch/columns';

/**
 * The archives the gate keeps (appointment rules, pass cards, QR-code rules) and the yard's small
 * master data the calls name (handsets, locations, batches, trays, number prefixes).
 */
const { operator: OP, accountant: AC } = ROLE;

const KIND_OPTIONS = REGISTRY_KINDS.map((k) => ({ value: k, label: KIND_INFO[k].label.replace('登记单', ''), labelEn: KIND_INFO[k].en.replace(' registries', '') }));
const upper = (t: string) => t.trim().toUpperCase();

export const appointmentRules: Archive = archive({
  key: 'appointment', area: '/gate', label: '预约规则', en: 'Appointment rules', table: 'gt_appointment_rule', permissionPrefix: 'gt_appointment',
  code: { name: 'ruleCode', column: 'rule_code', label: '规则编码', en: 'Code', maxLength: 20, numbering: 'YY' },
  fields: [
    { name: 'ruleName', column: 'rule_name', label: '规则名称', en: 'Name', type: 'text', required: true, maxLength: 60, query: true, width: 160 },
    { name: 'kind', column: 'kind', label: '业务类型', en: 'Kind', type: 'enum', options: KIND_OPTIONS, query: true, width: 90, tips: '留空则适用全部业务类型' },
    // several materials (a rule for all the aggregates), picked in the material popup and folded into tags
    { name: 'materialCode', column: 'material_code', label: '物料', en: 'Materials', type: 'text', maxLength: 1000, query: true, list: true, width: 200,
      tips: '可选多个物料；留空则适用全部物料',
      form: { formSubmitType: 'RESOURCE_CONTROLS_MORE_FOLD', resource: { formatCode: 'masterdata.inventory.resource', map: [
        { masterTable: 'gt_appointment_rule', fieldName: 'materialCode', from: 'invCode' }] } },
      // a picker with no value of its own (RESOURCE_NONE): a computation group's materials fill 物料
      formAfter: { fieldName: 'fromCalcGroup', fieldExplain: '按计算组选择', fieldExplainEn: 'From a computation group', fieldType: 'TEXT', formSubmitType: 'RESOURCE_NONE',
        tipsMessage: '选择计算组，以其全部物料填入物料', resource: { formatCode: 'masterdata.computation-group.resource', map: [
          { masterTable: 'gt_appointment_rule', fieldName: 'materialCode', from: 'memberCodes' }] } } },
    { name: 'validDays', column: 'valid_days', label: '生效日期', en: 'In force', type: 'dateRange', width: 200,
      tips: '规则只在这些日期内管入厂（如节假日、检修期），留空则一直有效' },
    { name: 'timeWindow', column: 'time_window', label: '入厂时段', en: 'Entry window', type: 'timeRange', width: 180, tips: '车辆可入厂的时间段，留空则全天' },
    { name: 'dayQuota', column: 'day_quota', label: '每日限额(车)', en: 'Trucks per day', type: 'integer', min: 0, below: 100000, width: 110, tips: '每天可入厂的车数，留空则不限' },
    { name: 'quotaDayStart', column: 'quota_day_start', label: '限额日起始', en: 'Quota day starts', type: 'time', width: 110,
      tips: '每日限额从此时刻起算（如早班 08:00 开始的工厂日），留空则从零点起算' },
  ],
  roles: [OP],
  // the materials are the company's: a code it does not use is refused, naming it
  checkWrite: async (tx, who, _id, values) => {
    const codes = typeof values.materialCode === 'string' && values.materialCode ? values.materialCode.split(',') : [];
    const unknown = await unknownMaterialCodes(tx, who.orgId, codes);
    return unknown.length ? [{ field: 'materialCode', message: `物料编码不存在: ${unknown.join('，')}` }] : [];
  },
});

export const passCards: Archive = archive({
  key: 'pass-card', area: '/gate', label: '临时通行证', en: 'Pass cards', table: 'gt_pass_card', permissionPrefix: 'gt_pass_card',
  code: { name: 'passNo', column: 'pass_no', label: '通行证号', en: 'Pass no.', maxLength: 30, numbering: 'TXZ' },
  fields: [
    { name: 'holderKind', column: 'holder_kind', label: '通行对象', en: 'Holder', type: 'enum', required: true, query: true, width: 90,
      options: [{ value: 'TRUCK', label: '车辆', labelEn: 'Truck' }, { value: 'VISITOR', label: '访客', labelEn: 'Visitor' }] },
    { name: 'plateNumber', column: 'plate_number', label: '车牌号', en: 'Plate', type: 'text', maxLength: 20, query: true, normalise: upper, width: 110 },
    { name: 'visitorName', column: 'visitor_name', label: '访客姓名', en: 'Visitor', type: 'text', maxLength: 40, query: true, width: 100 },
    { name: 'idNumber', column: 'id_number', label: '身份证号', en: 'ID number', type: 'text', maxLength: 18, normalise: upper, width: 170 },
    { name: 'reason', column: 'reason', label: '事由', en: 'Reason', type: 'text', maxLength: 200, width: 180 },
    { name: 'validFrom', column: 'valid_from', label: '有效期起', en: 'Valid from', type: 'datetime', required: true, width: 170 },
    { name: 'validTo', column: 'valid_to', label: '有效期止', en: 'Valid to', type: 'datetime', required: true, width: 170 },
  ],
  roles: [OP],
});

export const qrcodeRules: Archive = archive({
  key: 'qrcode-rule', area: '/gate', label: '二维码规则', en: 'QR-code rules', table: 'gt_qrcode_rule', permissionPrefix: 'gt_qrcode_rule',
  code: { name: 'ruleCode', column: 'rule_code', label: '规则编码', en: 'Code', maxLength: 20, numbering: 'EWM' },
  fields: [
    { name: 'ruleName', column: 'rule_name', label: '规则名称', en: 'Name', type: 'text', required: true, maxLength: 60, query: true, width: 160 },
    { name: 'target', column: 'target', label: '二维码内容', en: 'Carries', type: 'enum', required: true, query: true, width: 120,
      options: [{ value: 'REGISTRY', label: '登记单号(签名)', labelEn: 'Registry no. (signed)' }, { value: 'PASS_CARD', label: '通行证号(签名)', labelEn: 'Pass no. (signed)' }] },
    { name: 'validMinutes', column: 'valid_minutes', label: '有效分钟', en: 'Valid minutes', type: 'integer', min: 0, below: 5256000, default: 0, width: 100,
      tips: '二维码打印后可使用的分钟数，0 表示与单据有效期相同' },
  ],
  roles: [OP],
});

export const handsets: Archive = archive({
  key: 'handset', area: '/masterdata', label: '手持机', en: 'Handsets', table: 'md_handset', permissionPrefix: 'md_handset',
  code: { name: 'deviceId', column: 'device_id', label: '设备编号', en: 'Device id', maxLength: 64 },
  fields: [
    { name: 'deviceName', column: 'device_name', label: '设备名称', en: 'Name', type: 'text', maxLength: 60, query: true },
    { name: 'userCode', column: 'user_code', label: '使用人账号', en: 'User code', type: 'text', maxLength: 40, query: true },
    { name: 'userName', column: 'user_name', label: '使用人', en: 'User', type: 'text', maxLength: 40, query: true },
  ],
  // the handset app's own entry (menuFlag app): the web's sidebar leaves it out, the app lists it
  roles: [OP], app: true,
});

export const locations: Archive = archive({
  key: 'location', area: '/masterdata', label: '地点', en: 'Locations', table: 'md_location', permissionPrefix: 'md_location',
  code: { name: 'locationCode', column: 'location_code', label: '地点编码', en: 'Code', maxLength: 20, numbering: 'DD' },
  fields: [
    { name: 'locationName', column: 'location_name', label: '地点名称', en: 'Name', type: 'text', required: true, maxLength: 60, query: true, width: 160 },
    { name: 'address', column: 'address', label: '地址', en: 'Address', type: 'text', maxLength: 200, width: 220 },
  ],
  roles: [OP, AC],
});

export const batches: Archive = archive({
  key: 'batch', area: '/masterdata', label: '批次', en: 'Batches', table: 'md_batch', permissionPrefix: 'md_batch',
  code: { name: 'batchNo', column: 'batch_no', label: '批次号', en: 'Batch no.', maxLength: 40, numbering: 'PC' },
  fields: [
    { name: 'materialCode', column: 'material_code', label: '物料编码', en: 'Material code', type: 'text', maxLength: 40, query: true },
    { name: 'producedOn', column: 'produced_on', label: '生产日期', en: 'Produced on', type: 'date', width: 110 },
    // 086: the produced (declared) quantity its tickets draw down (domain/batch)
    { name: 'quantity', column: 'quantity', label: '生产数量(吨)', en: 'Produced (t)', type: 'number', min: 0, below: 1e10, scale: 4, width: 110, display: 'weight' },
  ],
  roles: [OP],
  // the lab reads the batches it opens and tests (domain/batch columns.ts: 开仓, 检验值)
  viewers: [ROLE.quality, ROLE.sampler],
  extraColumns: BATCH_COLUMNS,
  extraButtons: BATCH_BUTTONS,
});

export const trays: Archive = archive({
  key: 'tray', area: '/masterdata', label: '托盘', en: 'Trays', table: 'md_tray', permissionPrefix: 'md_tray',
  code: { name: 'trayCode', column: 'tray_code', label: '托盘编码', en: 'Code', maxLength: 20, numbering: 'TP' },
  fields: [
    { name: 'trayName', column: 'tray_name', label: '托盘名称', en: 'Name', type: 'text', required: true, maxLength: 60, query: true },
    { name: 'tareWeight', column: 'tare_weight', label: '托盘重量', en: 'Tray weight', type: 'number', min: 0, below: 1e15, scale: 4, width: 100 },
  ],
  roles: [OP],
});

export const numberPrefixes: Archive = archive({
  key: 'number-prefix', area: '/masterdata', label: '单号前缀', en: 'Number prefixes', table: 'md_number_prefix', permissionPrefix: 'md_number_prefix',
  code: { name: 'prefix', column: 'prefix', label: '前缀', en: 'Prefix', maxLength: 10 },
  fields: [
    { name: 'prefixName', column: 'prefix_name', label: '前缀名称', en: 'Name', type: 'text', required: true, maxLength: 60, query: true },
    { name: 'docKind', column: 'doc_kind', label: '单据类型', en: 'Document kind', type: 'text', maxLength: 40, query: true },
  ],
  roles: [], viewers: [OP, AC],
});

export const GATE_ARCHIVES = [appointmentRules, passCards, qrcodeRules];
export const YARD_ARCHIVES = [handsets, locations, batches, trays, numberPrefixes];
