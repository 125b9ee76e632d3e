import { defineListTemplate, type TemplateDef } from '../../../platform/templates/define';

/** 质检终端: the company's kiosk keys, live and revoked; never the key or its hash, only its last four characters. */
export const KIOSK_LIST = 'quality.kiosk.list';
export const KIOSK_LIST_URL = '/api/quality/kiosk/v2/list';
export const KIOSK_MENU_PATH = '/quality/kiosk';

const STATE_OPTIONS = [
  { value: 'LIVE', label: '有效', labelEn: 'Live', color: 'green' },
  { value: 'REVOKED', label: '已吊销', labelEn: 'Revoked', color: 'default' },
];

export const kioskListTemplate: TemplateDef = defineListTemplate({
  formatCode: KIOSK_LIST, formatName: '质检终端', formatNameEn: 'Inspection kiosks', mainTable: 'qm_kiosk', ownerColumn: 'created_by',
  resUrl: KIOSK_LIST_URL, menuPath: KIOSK_MENU_PATH,
  fields: [
    { fieldName: 'id', fieldExplain: '编号', fieldExplainEn: 'Id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
    { fieldName: 'name', fieldExplain: '终端名称', fieldExplainEn: 'Kiosk', fieldType: 'TEXT', columnSql: 't.name', iallowQuery: true, searchType: 'input', isortField: true, columnWidth: 180 },
    { fieldName: 'keyHint', fieldExplain: '密钥尾号', fieldExplainEn: 'Key ends with', fieldType: 'TEXT', columnSql: 't.key_hint', columnWidth: 100 },
    { fieldName: 'items', fieldExplain: '化验项目', fieldExplainEn: 'Assay items', fieldType: 'TEXT', columnWidth: 240,
      columnSql: `(SELECT string_agg(i.item_name, '、' ORDER BY i.sort, i.id) FROM qm_assay_item i WHERE i.id = ANY(t.item_ids))` },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', options: STATE_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
      columnSql: `CASE WHEN t.revoked_at IS NULL THEN 'LIVE' ELSE 'REVOKED' END` },
    { fieldName: 'createdAt', fieldExplain: '发放时间', fieldExplainEn: 'Issued', fieldType: 'DATE', columnSql: 't.created_at', isortField: true, idefinedSort: true, sortMethod: 'desc', columnWidth: 170 },
    { fieldName: 'revokedAt', fieldExplain: '吊销时间', fieldExplainEn: 'Revoked', fieldType: 'DATE', columnSql: 't.revoked_at', isortField: true, columnWidth: 170 },
  ],
});
