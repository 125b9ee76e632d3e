import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle, type Lifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * IC卡 (M1): a FIXED card stays with one truck, a TEMPORARY one is handed out per trip. A lost
 * card is refused at the readers until it is found again (reuse); only a card in normal use can
 * be reported lost.
 */
const CARD_STATES = [
  { value: 'NORMAL', label: '正常', labelEn: 'Normal', color: 'green' },
  { value: 'LOST', label: '已挂失', labelEn: 'Reported lost', color: 'red' },
  { value: 'DAMAGED', label: '已损坏', labelEn: 'Damaged', color: 'orange' },
  { value: 'CANCELLED', label: '已注销', labelEn: 'Cancelled', color: 'default' },
];
const CARD_KINDS = [{ value: 'FIXED', label: '固定卡', labelEn: 'Fixed' }, { value: 'TEMPORARY', label: '临时卡', labelEn: 'Temporary' }];

export const icCardLifecycle = {
  ...switchLifecycle,
  loss: { from: ['FREE'], whenExtra: ['NORMAL'], change: { extra: 'LOST' } },
  reuse: { from: ['FREE'], whenExtra: ['LOST'], change: { extra: 'NORMAL' } },
} as const satisfies Lifecycle;

const plate: FieldDef = {
  fieldName: 'plateNumber', fieldExplain: '绑定车辆', fieldExplainEn: 'Vehicle', fieldType: 'TEXT',
  columnSql: '(SELECT v.plate_number FROM md_vehicle v WHERE v.id = t.vehicle_id)', columnWidth: 120,
};

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.ic-card.list', formatName: 'IC卡', formatNameEn: 'IC cards', mainTable: 'md_ic_card', resUrl: '/api/masterdata/ic-card/v2/list', menuPath: '/masterdata/ic-card',
  fields: [
    { fieldName: 'cardNo', fieldExplain: '卡号', fieldExplainEn: 'Card no.', fieldType: 'TEXT', columnSql: 't.card_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 120 },
    { fieldName: 'cardUid', fieldExplain: '芯片序列号', fieldExplainEn: 'Chip UID', fieldType: 'TEXT', columnSql: 't.card_uid', iallowQuery: true, searchType: 'input', columnWidth: 130 },
    { fieldName: 'cardKind', fieldExplain: '卡类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.card_kind', options: CARD_KINDS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'state', fieldExplain: '卡状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', options: CARD_STATES, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    plate,
    { fieldName: 'lostAt', fieldExplain: '挂失时间', fieldExplainEn: 'Lost at', fieldType: 'DATE', columnSql: 't.lost_at', isortField: true, columnWidth: 170 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.ic-card', formatName: 'IC卡', formatNameEn: 'IC card', prefix: 'md_ic_card', mainTable: 'md_ic_card' }, [
  { fieldName: 'cardNo', fieldExplain: '卡号', fieldExplainEn: 'Card no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.card_no', irequired: true, iupdate: false },
  { fieldName: 'cardUid', fieldExplain: '芯片序列号', fieldExplainEn: 'Chip UID', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.card_uid', tipsMessage: '读卡器读出的8位或14位十六进制序列号',
    validateMethod: '^([0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$', validateTitle: '芯片序列号应为8位或14位十六进制' },
  { fieldName: 'cardKind', fieldExplain: '卡类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.card_kind', options: CARD_KINDS, defaultValue: 'FIXED', irequired: true },
  { ...plate, formSubmitType: 'RESOURCE_CONTROLS', controlValue: 'cardKind=FIXED', resource: { formatCode: 'masterdata.vehicle.resource', map: [
    { masterTable: 'md_ic_card', fieldName: 'vehicleId', from: 'id' }, { masterTable: 'md_ic_card', fieldName: 'plateNumber', from: 'plateNumber' }] } },
  { fieldName: 'vehicleId', fieldExplain: '车辆编号', fieldExplainEn: 'Vehicle id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.vehicle_id::text', ishow: false, ihidden: true },
  { fieldName: 'state', fieldExplain: '卡状态', fieldExplainEn: 'State', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.state', options: CARD_STATES, iupdate: false, ishow: false },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'cardNo', column: 'card_no', label: '卡号', type: 'text', required: true, updatable: false, unique: true, maxLength: 20 },
  { name: 'cardUid', column: 'card_uid', label: '芯片序列号', type: 'text', unique: true, normalise: (v) => v.toUpperCase(),
    check: (v) => (/^[0-9A-F]{8}([0-9A-F]{6})?$/.test(v) ? null : '芯片序列号应为8位或14位十六进制') },
  { name: 'cardKind', column: 'card_kind', label: '卡类型', type: 'enum', options: CARD_KINDS, default: 'FIXED' },
  { name: 'vehicleId', column: 'vehicle_id', label: '绑定车辆', type: 'id',
    byCode: { name: 'plateNumber', label: '车牌号', table: 'md_vehicle', codeColumn: 'plate_number', scope: 'org' } },
  enabledField,
  remarkField,
];

export const icCardFamily: DocumentFamily = {
  label: 'IC卡', base: '/api/masterdata/ic-card', permissionPrefix: 'md_ic_card', table: 'md_ic_card', scope: { kind: 'org' },
  code: { field: 'cardNo', column: 'card_no' }, fields: FIELDS, lifecycle: icCardLifecycle,
  extraState: { column: 'state', words: { NORMAL: '正常使用中', LOST: '已挂失', DAMAGED: '已损坏', CANCELLED: '已注销' }, stamp: { column: 'lost_at', when: 'LOST' } },
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  // a temporary card goes with a registry, never with a truck
  normalise: (v) => (v.cardKind === 'TEMPORARY' ? { ...v, vehicleId: null } : v),
};
