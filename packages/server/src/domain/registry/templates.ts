import { defineListTemplate, defineTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { KIND_INFO, registryBase, registryMenuPath, registryPermission, registryView, type RegistryKind } from './kinds';
import { registryLicenceFormFields } from '../licence/seams';

/** What a driver suggestion shows (the driver archive's fields): name, id number and mobile. */
const DRIVER_SUGGESTION = [
  { value: 'driverName', label: '姓名', labelEn: 'Name' }, { value: 'idNumber', label: '身份证号', labelEn: 'ID number' }, { value: 'mobile', label: '手机号', labelEn: 'Mobile' },
];

/** The registry screens of one kind: its list (with the footer totals), create and update forms, and the notice-line popup. */

const DOC_STATUS = [
  { value: 'FREE', label: '未审核', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
const TRIP_STATES = [
  { value: 'PLANNED', label: '未入厂', labelEn: 'Not in', color: 'default' },
  { value: 'ENTERED', label: '已入厂', labelEn: 'In plant', color: 'blue' },
  { value: 'WEIGHING', label: '过磅中', labelEn: 'Weighing', color: 'orange' },
  { value: 'RELEASED', label: '已出厂', labelEn: 'Out', color: 'green' },
];
const RELEASE_KINDS = [
  { value: 'NORMAL', label: '正常出厂', labelEn: 'Normal' },
  { value: 'SINGLE_WEIGH', label: '车辆重出', labelEn: 'Left loaded' },
  { value: 'SINGLE_EMPTY', label: '车辆空出', labelEn: 'Left empty' },
];

const sub = (sql: string) => `(${sql})`;
const noticeNo = sub('SELECT n.notice_no FROM wb_notice n WHERE n.id = t.notice_id');
const materialName = sub('SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id');
const partnerName = sub(`SELECT coalesce(v.vendor_name, c.customer_name) FROM wb_notice n
  LEFT JOIN md_vendor v ON v.id = n.vendor_id LEFT JOIN md_customer c ON c.id = n.customer_id WHERE n.id = t.notice_id`);
const carrierName = sub('SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id');
const pointName = sub('SELECT p.title FROM md_discharge_point p WHERE p.id = t.discharge_point_id');
const cardNo = sub('SELECT k.card_no FROM md_ic_card k WHERE k.id = t.ic_card_id');
// 实发数: the net of the trip's finished ticket (tons as a plant reads them: 30, not 30.0000)
const shippedNet = sub("SELECT trim_scale(k.net) FROM wb_ticket k WHERE k.registry_id = t.id AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED')");

function listFields(kind: RegistryKind): FieldDef[] {
  const withNotice = KIND_INFO[kind].withNotice;
  return [
    { fieldName: 'registryNo', fieldExplain: '登记单号', fieldExplainEn: 'Registry no.', fieldType: 'TEXT', columnSql: 't.registry_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 160 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 110 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status', options: DOC_STATUS,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'tripState', fieldExplain: '车辆状态', fieldExplainEn: 'Truck', fieldType: 'ENUM', columnSql: 't.trip_state', options: TRIP_STATES,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    ...(withNotice ? [
      { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: noticeNo, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 } as FieldDef,
    ] : []),
    // the counterparty: a purchase's vendor, a sale's customer (allot and transfer stay in the group)
    ...(kind === 'pu' || kind === 'sa' ? [
      { fieldName: 'partnerName', fieldExplain: kind === 'pu' ? '供应商' : '客户', fieldExplainEn: kind === 'pu' ? 'Vendor' : 'Customer', fieldType: 'TEXT', columnSql: partnerName, columnWidth: 180 } as FieldDef,
    ] : []),
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'preQuantity', fieldExplain: '预装数', fieldExplainEn: 'Pre-load (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 'trim_scale(t.pre_quantity)', itotal: true, isortField: true, columnWidth: 100 },
    ...(kind === 'pu' ? [{ fieldName: 'shippedQuantity', fieldExplain: '原发数', fieldExplainEn: 'Shipped (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 'trim_scale(t.shipped_quantity)', columnWidth: 100 } as FieldDef] : []),
    { fieldName: 'deSuttle', fieldExplain: '实发数', fieldExplainEn: 'Net shipped (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: shippedNet, itotal: true, columnWidth: 100 },
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', columnSql: 't.driver_name', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 90 },
    { fieldName: 'driverMobile', fieldExplain: '司机手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', columnSql: 't.driver_mobile', columnWidth: 120 },
    { fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', columnSql: carrierName, columnWidth: 160 },
    // 制单数: one per row, so its total is the count of the searched rows
    { fieldName: 'countSa', fieldExplain: '制单数', fieldExplainEn: 'Registries', fieldType: 'NUMBER', columnSql: '1', itotal: true, ishow: false, ihidden: true },
    { fieldName: 'cardNo', fieldExplain: 'IC卡号', fieldExplainEn: 'Card no.', fieldType: 'TEXT', columnSql: cardNo, columnWidth: 100 },
    { fieldName: 'dischargePointName', fieldExplain: '卸货地点', fieldExplainEn: 'Discharge point', fieldType: 'TEXT', columnSql: pointName, columnWidth: 120 },
    { fieldName: 'queueNo', fieldExplain: '排队号', fieldExplainEn: 'Queue no.', fieldType: 'NUMBER', columnSql: 't.queue_no', columnWidth: 80 },
    { fieldName: 'enteredAt', fieldExplain: '入厂时间', fieldExplainEn: 'Entered', fieldType: 'DATE', columnSql: 't.entered_at', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'releasedAt', fieldExplain: '出厂时间', fieldExplainEn: 'Released', fieldType: 'DATE', columnSql: 't.released_at', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'releaseKind', fieldExplain: '出厂方式', fieldExplainEn: 'Left as', fieldType: 'ENUM', columnSql: 't.release_kind', options: RELEASE_KINDS, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { ...enabledColumn },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export function listTemplateOf(kind: RegistryKind): TemplateDef {
  const info = KIND_INFO[kind];
  return defineListTemplate({
    formatCode: `registry.${kind}.list`, formatName: info.label, formatNameEn: info.en, mainTable: registryView(kind), ownerColumn: 'created_by',
    resUrl: `${registryBase(kind)}/v2/list`, menuPath: registryMenuPath(kind), fields: listFields(kind),
  });
}

/** The notice lines a registry of the kind may be sent against (with what each has left). */
function noticeLineFields(): FieldDef[] {
  return [
    { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: 't.notice_no', iallowQuery: true, searchType: 'input', isortField: true, columnWidth: 160 },
    { fieldName: 'seq', fieldExplain: '行号', fieldExplainEn: 'Line', fieldType: 'NUMBER', columnSql: 't.seq', columnWidth: 60 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: sub('SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id'), iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'partnerName', fieldExplain: '往来单位', fieldExplainEn: 'Partner', fieldType: 'TEXT', columnWidth: 180,
        columnSql: sub('SELECT coalesce((SELECT v.vendor_name FROM md_vendor v WHERE v.id = t.vendor_id), (SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id))') },
    { fieldName: 'remaining', fieldExplain: '剩余可用', fieldExplainEn: 'Remaining (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 'trim_scale(t.remaining)', columnWidth: 100 },
    { fieldName: 'endTime', fieldExplain: '截止时间', fieldExplainEn: 'Ends', fieldType: 'DATE', columnSql: 't.end_time', columnWidth: 170 },
    // the route's filter by the registry's kind (an option list, so quick search leaves it out)
    { fieldName: 'kind', fieldExplain: '类别', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', iallowQuery: true, searchType: 'comboxSingle', ishow: false, ihidden: true,
      options: [{ value: 'pu', label: '采购', labelEn: 'Purchase' }, { value: 'sa', label: '销售', labelEn: 'Sales' }, { value: 'al', label: '调拨', labelEn: 'Allot' }, { value: 'tr', label: '移库', labelEn: 'Transfer' }] },
    { fieldName: 'id', fieldExplain: '明细编号', fieldExplainEn: 'Line id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
    { fieldName: 'noticeId', fieldExplain: '通知单编号', fieldExplainEn: 'Notice id', fieldType: 'TEXT', columnSql: 't.notice_id::text', ishow: false, ihidden: true },
    { fieldName: 'carrierId', fieldExplain: '承运商编号', fieldExplainEn: 'Carrier id', fieldType: 'TEXT', columnSql: 't.carrier_id::text', ishow: false, ihidden: true },
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc', ishow: false },
  ];
}

/** The list the form's popup reads (its own route: the kind's lines of audited notices). */
export function noticeLineListOf(kind: RegistryKind): TemplateDef {
  return defineListTemplate({
    formatCode: `registry.${kind}.notice-line.list`, formatName: '通知单明细', formatNameEn: 'Notice lines', mainTable: 'wb_registry_notice_line',
    resUrl: `${registryBase(kind)}/notice-line/v2/list`, fields: noticeLineFields(),
  });
}

/** The popup that picks the notice line. */
export function noticeLinePopupOf(kind: RegistryKind): TemplateDef {
  return defineTemplate({
    formatCode: `registry.${kind}.notice-line.resource`, formatName: '选择通知单明细', formatNameEn: 'Select notice line', formatType: 'RESOURCE',
    formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', mainTable: 'wb_registry_notice_line', resMethod: 'POST',
    resUrl: `${registryBase(kind)}/notice-line/v2/list`, valueResourceSubName: 'id', viewResourceSubName: 'noticeNo',
    fields: noticeLineFields(),
  });
}

export function formsOf(kind: RegistryKind): [TemplateDef, TemplateDef] {
  const info = KIND_INFO[kind];
  const table = registryView(kind);
  const noticeLine: FieldDef[] = info.withNotice ? [
    { fieldName: 'noticeNo', fieldExplain: '通知单明细', fieldExplainEn: 'Notice line', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: noticeNo, irequired: true,
      resource: { formatCode: `registry.${kind}.notice-line.resource`, map: [
        { masterTable: table, fieldName: 'noticeLineId', from: 'id' }, { masterTable: table, fieldName: 'noticeNo', from: 'noticeNo' },
        { masterTable: table, fieldName: 'materialName', from: 'materialName' }] } },
    { fieldName: 'noticeLineId', fieldExplain: '通知单明细编号', fieldExplainEn: 'Notice line id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.notice_line_id::text', ishow: false, ihidden: true },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: materialName, iupdate: false, tipsMessage: '随通知单明细带出' },
  ] : [
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: materialName,
      resource: { formatCode: 'masterdata.inventory.resource', map: [
        { masterTable: table, fieldName: 'materialId', from: 'id' }, { masterTable: table, fieldName: 'materialName', from: 'invName' }] } },
    { fieldName: 'materialId', fieldExplain: '物料编号', fieldExplainEn: 'Material id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.material_id::text', ishow: false, ihidden: true },
  ];
  return formTemplates({ formatCode: `registry.${kind}`, formatName: info.label, formatNameEn: info.en.replace(/ies$/, 'y').toLowerCase(), prefix: registryPermission(kind), mainTable: table, style: 'FORMAT_EIGHT_COLUMN_FROM' }, [
    { fieldName: 'registryNo', fieldExplain: '登记单号', fieldExplainEn: 'Registry no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.registry_no', iupdate: false, tipsMessage: '留空则按编码规则自动编号' },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plate_number', irequired: true,
      tipsMessage: '档案中没有的车辆保存时自动建档' },
    ...noticeLine,
    { fieldName: 'preQuantity', fieldExplain: '预装数', fieldExplainEn: 'Pre-load (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.pre_quantity', irequired: info.withNotice },
    ...(kind === 'pu' ? [{ fieldName: 'shippedQuantity', fieldExplain: '原发数', fieldExplainEn: 'Shipped (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.shipped_quantity', irequired: true } as FieldDef] : []),
    // the gate types a driver's name once: the drivers the archive holds are suggested as it is typed
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', formSubmitType: 'AUTO_COMPLETE', columnSql: 't.driver_name',
      customTable: 'GET /api/masterdata/driver/autocomplete?search={search}', options: DRIVER_SUGGESTION },
    { fieldName: 'driverIdNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.driver_id_number', classType: 'idNumber' },
    { fieldName: 'driverMobile', fieldExplain: '司机手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.driver_mobile', validateMethod: '^1\\d{10}$', validateTitle: '手机号应为11位' },
    { fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: carrierName,
      resource: { formatCode: 'masterdata.carrier.resource', map: [
        { masterTable: table, fieldName: 'carrierId', from: 'id' }, { masterTable: table, fieldName: 'carrierName', from: 'carrierName' }] } },
    { fieldName: 'carrierId', fieldExplain: '承运商编号', fieldExplainEn: 'Carrier id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.carrier_id::text', ishow: false, ihidden: true },
    { fieldName: 'axleCount', fieldExplain: '轴数', fieldExplainEn: 'Axles', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.axle_count' },
    // classType icCard: the web puts a 读卡 button beside it (pages/registry card-field), which fills icCardId
    { fieldName: 'cardNo', fieldExplain: 'IC卡号', fieldExplainEn: 'Card no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: cardNo, classType: 'icCard',
      tipsMessage: '请读卡' },
    { fieldName: 'icCardId', fieldExplain: 'IC卡编号', fieldExplainEn: 'Card id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.ic_card_id::text', ishow: false, ihidden: true },
    { fieldName: 'validFrom', fieldExplain: '有效期自', fieldExplainEn: 'Valid from', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_from' },
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_to' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    { fieldName: 'vehicleId', fieldExplain: '车辆编号', fieldExplainEn: 'Vehicle id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.vehicle_id::text', ishow: false, ihidden: true },
    ...(kind === 'sa' ? registryLicenceFormFields(table) : []),
  ]);
}
