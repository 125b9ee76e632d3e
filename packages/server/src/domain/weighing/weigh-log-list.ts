import { defineListTemplate } from '../../platform/templates/define';
import { TICKET_KIND_INFO, TICKET_KINDS } from './kinds';

/** 称重日志: every weighing call of the company, newest first (weigh-log.ts, migrations/033). */
export const WEIGH_LOG_LIST_CODE = 'weigh.log.list';
export const WEIGH_LOG_PATH = '/weigh/log';
export const WEIGH_LOG_PERMISSION = 'weigh_log_view';

const OUTCOMES = [
  { value: 'ACCEPTED', label: '已过磅', labelEn: 'Accepted', color: 'green' },
  { value: 'REFUSED', label: '已拒绝', labelEn: 'Refused', color: 'red' },
  { value: 'REPLAY', label: '重复请求', labelEn: 'Replay', color: 'blue' },
];
const READINGS = [{ value: 'FIRST', label: '一次过磅', labelEn: 'First' }, { value: 'SECOND', label: '二次过磅', labelEn: 'Second' }];
const IDENTIFIED_BY = [
  { value: 'REGISTRY', label: '登记单', labelEn: 'Registry' }, { value: 'CARD', label: 'IC卡', labelEn: 'IC card' },
  { value: 'PLATE', label: '车牌', labelEn: 'Plate' }, { value: 'TICKET', label: '磅单', labelEn: 'Ticket' },
];
const TARE_CHOICES = [
  { value: 'weigh', label: '称重', labelEn: 'Scale reading' }, { value: 'stored', label: '存储皮重', labelEn: 'Stored tare' },
  { value: 'last', label: '上次皮重', labelEn: 'Last tare' }, { value: 'average', label: '平均皮重', labelEn: 'Average tare' },
  { value: 'standard', label: '标准皮重', labelEn: 'Standard tare' },
];
/** where the figure came from (domain/station source-rules.ts) */
const SOURCES = [
  { value: 'INDICATOR', label: '仪表读数', labelEn: 'Indicator' }, { value: 'STATION', label: '磅点程序', labelEn: 'Station program' },
  { value: 'MANUAL', label: '手工录入', labelEn: 'Typed by hand', color: 'orange' }, { value: 'STORED', label: '存储皮重', labelEn: 'Stored tare' },
];
const UNITS = [{ value: 't', label: '吨', labelEn: 't' }, { value: 'kg', label: '千克', labelEn: 'kg' }];
const YES_NO = [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }];
const KINDS = TICKET_KINDS.map((k) => ({ value: k, label: TICKET_KIND_INFO[k].label, labelEn: TICKET_KIND_INFO[k].en }));

export const weighLogListTemplate = defineListTemplate({
  formatCode: WEIGH_LOG_LIST_CODE, formatName: '称重日志', formatNameEn: 'Weigh log', mainTable: 'wb_weigh_log',
  resUrl: '/api/weigh/log/v2/list', menuPath: WEIGH_LOG_PATH,
  fields: [
    // newest first, read from the (org_id, logged_at DESC) index
    { fieldName: 'loggedAt', fieldExplain: '时间', fieldExplainEn: 'Time', fieldType: 'DATE', columnSql: 't.logged_at',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', fixed: 'left', columnWidth: 170 },
    { fieldName: 'station', fieldExplain: '磅点', fieldExplainEn: 'Station', fieldType: 'TEXT', columnSql: 't.station',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'outcome', fieldExplain: '结果', fieldExplainEn: 'Outcome', fieldType: 'ENUM', columnSql: 't.outcome', options: OUTCOMES,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number',
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 110 },
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: 't.ticket_no',
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'reading', fieldExplain: '过磅次序', fieldExplainEn: 'Weighing', fieldType: 'ENUM', columnSql: 't.reading', options: READINGS,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'kind', fieldExplain: '磅单类型', fieldExplainEn: 'Ticket kind', fieldType: 'ENUM', columnSql: 't.kind', options: KINDS,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 120 },
    { fieldName: 'weight', fieldExplain: '读数', fieldExplainEn: 'Reading', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.weight', columnWidth: 100 },
    { fieldName: 'unit', fieldExplain: '单位', fieldExplainEn: 'Unit', fieldType: 'ENUM', columnSql: 't.unit', options: UNITS, columnWidth: 70 },
    { fieldName: 'source', fieldExplain: '重量来源', fieldExplainEn: 'Weight from', fieldType: 'ENUM', columnSql: 't.source', options: SOURCES,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'stable', fieldExplain: '稳定', fieldExplainEn: 'Stable', fieldType: 'BOOLEAN', columnSql: 't.stable', options: YES_NO, columnWidth: 70 },
    { fieldName: 'tareChoice', fieldExplain: '皮重方式', fieldExplainEn: 'Tare from', fieldType: 'ENUM', columnSql: 't.tare_choice', options: TARE_CHOICES, columnWidth: 100 },
    { fieldName: 'identifiedBy', fieldExplain: '识别方式', fieldExplainEn: 'Identified by', fieldType: 'ENUM', columnSql: 't.identified_by', options: IDENTIFIED_BY,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'identifiedValue', fieldExplain: '识别内容', fieldExplainEn: 'Identified as', fieldType: 'TEXT', columnSql: 't.identified_value', columnWidth: 140 },
    { fieldName: 'reason', fieldExplain: '拒绝原因', fieldExplainEn: 'Reason refused', fieldType: 'TEXT', columnSql: 't.reason',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 300 },
    { fieldName: 'confirmed', fieldExplain: '确认放行', fieldExplainEn: 'Confirmed unusual', fieldType: 'TEXT', columnSql: 't.confirmed', columnWidth: 220 },
    { fieldName: 'status', fieldExplain: '应答状态', fieldExplainEn: 'Status', fieldType: 'NUMBER', columnSql: 't.status', columnWidth: 80 },
    { fieldName: 'requestId', fieldExplain: '请求编号', fieldExplainEn: 'Request id', fieldType: 'TEXT', columnSql: 't.request_id',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 200 },
    { fieldName: 'username', fieldExplain: '操作员', fieldExplainEn: 'User', fieldType: 'TEXT', columnSql: 't.username',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 100 },
  ],
});
