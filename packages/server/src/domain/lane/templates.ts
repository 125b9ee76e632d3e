import { defineListTemplate } from '../../platform/templates/define';

/** 过磅 / 远程干预: the lanes' refused trucks waiting for a remote operator's answer (migration 051). */
export const INTERVENTION_LIST_CODE = 'lane.intervention.list';
export const INTERVENTION_PATH = '/weigh/intervention';
export const INTERVENTION_BASE = '/api/lane/intervention';
export const interventionPermission = (action: 'view' | 'approve' | 'forbid') => `lane_intervention_${action}`;

export const REASONS = [
  { value: 'unstable', label: '读数不稳定', labelEn: 'Unstable reading', color: 'orange' },
  { value: 'not-in-position', label: '车辆未停到位', labelEn: 'Not in position', color: 'orange' },
  { value: 'out-of-range', label: '重量超出范围', labelEn: 'Weight out of range', color: 'red' },
  { value: 'tare-deviation', label: '皮重偏差超限', labelEn: 'Tare deviation', color: 'red' },
  { value: 'no-registry', label: '无有效登记', labelEn: 'No registry', color: 'red' },
  { value: 'business', label: '业务拒绝', labelEn: 'Business refusal', color: 'red' },
];

const STATES = [
  { value: 'WAITING', label: '待处理', labelEn: 'Waiting', color: 'orange' },
  { value: 'APPROVED', label: '已放行', labelEn: 'Approved', color: 'green' },
  { value: 'USED', label: '已放行并过磅', labelEn: 'Approved, weighed', color: 'green' },
  { value: 'FORBIDDEN', label: '已禁止', labelEn: 'Forbidden', color: 'red' },
];

export const interventionListTemplate = defineListTemplate({
  formatCode: INTERVENTION_LIST_CODE, formatName: '远程干预', formatNameEn: 'Lane interventions', mainTable: 'wb_lane_intervention',
  resUrl: `${INTERVENTION_BASE}/v2/list`, menuPath: INTERVENTION_PATH,
  fields: [
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', options: STATES, columnSql: 't.state',
      iallowQuery: true, searchType: 'comboxSingle', fixed: 'left', columnWidth: 110 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'reason', fieldExplain: '拒绝原因', fieldExplainEn: 'Refusal', fieldType: 'ENUM', options: REASONS, columnSql: 't.reason',
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 130 },
    { fieldName: 'message', fieldExplain: '说明', fieldExplainEn: 'Message', fieldType: 'TEXT', columnSql: 't.message', columnWidth: 320 },
    { fieldName: 'weight', fieldExplain: '重量', fieldExplainEn: 'Weight', fieldType: 'TEXT', columnSql: "t.weight::text || ' ' || coalesce(t.unit, '')", columnWidth: 120 },
    { fieldName: 'stationName', fieldExplain: '磅点', fieldExplainEn: 'Station', fieldType: 'TEXT', columnSql: 't.station_name',
      iallowQuery: true, searchType: 'input', columnWidth: 130 },
    // the station agent's own account at its last contact (POST /api/lane/status): what it still holds for the server
    { fieldName: 'stationContactAt', fieldExplain: '磅点最后联系', fieldExplainEn: 'Station last contact', fieldType: 'DATE',
      columnSql: '(SELECT c.contact_at FROM wb_lane_contact c WHERE c.credential_id = t.credential_id AND c.org_id = t.org_id)', columnWidth: 170 },
    { fieldName: 'stationQueued', fieldExplain: '磅点待发数', fieldExplainEn: 'Station queued', fieldType: 'NUMBER',
      columnSql: '(SELECT c.queued FROM wb_lane_contact c WHERE c.credential_id = t.credential_id AND c.org_id = t.org_id)', columnWidth: 100 },
    { fieldName: 'cardNo', fieldExplain: 'IC卡号', fieldExplainEn: 'Card', fieldType: 'TEXT', columnSql: 't.card_no', columnWidth: 120 },
    // the watermarked picture of the truck on the scale: GET /api/sys-file-type/img/{id}
    { fieldName: 'snapshotFileId', fieldExplain: '抓拍图片', fieldExplainEn: 'Snapshot', fieldType: 'TEXT', columnSql: 't.snapshot_file_id::text', columnWidth: 100 },
    // newest first
    { fieldName: 'createdAt', fieldExplain: '请求时间', fieldExplainEn: 'Asked at', fieldType: 'DATE', columnSql: 't.created_at',
      isortField: true, idefinedSort: true, sortMethod: 'desc', columnWidth: 170 },
    { fieldName: 'answeredByName', fieldExplain: '处理人', fieldExplainEn: 'Answered by', fieldType: 'TEXT', columnSql: 't.answered_by_name', columnWidth: 110 },
    { fieldName: 'answeredAt', fieldExplain: '处理时间', fieldExplainEn: 'Answered at', fieldType: 'DATE', columnSql: 't.answered_at', columnWidth: 170 },
    { fieldName: 'remark', fieldExplain: '处理意见', fieldExplainEn: 'Remark', fieldType: 'TEXT', columnSql: 't.remark', columnWidth: 200 },
  ],
});
