import { defineListTemplate } from '../../platform/templates/define';

/** 磅点凭证: the company's station credentials, live ones first (migration 050). */
export const CREDENTIAL_LIST_CODE = 'station.credential.list';
export const CREDENTIAL_PATH = '/system/station-key';
export const CREDENTIAL_BASE = '/api/station/credential';
export const credentialPermission = (action: 'view' | 'issue' | 'revoke') => `station_credential_${action}`;

const STATES = [
  { value: 'LIVE', label: '有效', labelEn: 'Live', color: 'green' },
  { value: 'REVOKED', label: '已吊销', labelEn: 'Revoked', color: 'red' },
];

export const credentialListTemplate = defineListTemplate({
  formatCode: CREDENTIAL_LIST_CODE, formatName: '磅点凭证', formatNameEn: 'Station keys', mainTable: 'wb_station_credential',
  resUrl: `${CREDENTIAL_BASE}/v2/list`, menuPath: CREDENTIAL_PATH,
  fields: [
    { fieldName: 'scaleId', fieldExplain: '秤编号', fieldExplainEn: 'Scale id', fieldType: 'TEXT', columnSql: 't.scale_id',
      iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 120 },
    { fieldName: 'stationName', fieldExplain: '磅点名称', fieldExplainEn: 'Station', fieldType: 'TEXT', columnSql: 't.station_name',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', options: STATES,
      columnSql: "CASE WHEN t.revoked_at IS NULL THEN 'LIVE' ELSE 'REVOKED' END", iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'keyPrefix', fieldExplain: '密钥前缀', fieldExplainEn: 'Key begins', fieldType: 'TEXT', columnSql: 't.key_prefix', columnWidth: 130 },
    { fieldName: 'lastUsedAt', fieldExplain: '最近使用', fieldExplainEn: 'Last used', fieldType: 'DATE', columnSql: 't.last_used_at', isortField: true, columnWidth: 170 },
    // newest first
    { fieldName: 'createdAt', fieldExplain: '发放时间', fieldExplainEn: 'Issued', fieldType: 'DATE', columnSql: 't.created_at',
      isortField: true, idefinedSort: true, sortMethod: 'desc', columnWidth: 170 },
    { fieldName: 'revokedAt', fieldExplain: '吊销时间', fieldExplainEn: 'Revoked', fieldType: 'DATE', columnSql: 't.revoked_at', columnWidth: 170 },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', columnSql: 't.remark', columnWidth: 200 },
  ],
});
