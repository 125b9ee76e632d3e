import { defineListTemplate } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, formTemplates, remarkColumn, versionColumn } from '../../masterdata/shared/fields';

export const DATA_SOURCE_LIST_CODE = 'system.data-source.list';

/** 数据源: the list shows whether a password is kept, never the password. */
export const dataSourceListTemplate = defineListTemplate({
  formatCode: DATA_SOURCE_LIST_CODE, formatName: '数据源', formatNameEn: 'Data sources', mainTable: 'sys_data_source',
  resUrl: '/api/system/data-source/v2/list', menuPath: '/system/data-source',
  fields: [
    { fieldName: 'sourceName', fieldExplain: '数据源名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.source_name',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 160 },
    { fieldName: 'kind', fieldExplain: '类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', options: [{ value: 'POSTGRESQL', label: 'PostgreSQL', labelEn: 'PostgreSQL' }], columnWidth: 110 },
    { fieldName: 'host', fieldExplain: '主机', fieldExplainEn: 'Host', fieldType: 'TEXT', columnSql: 't.host', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'port', fieldExplain: '端口', fieldExplainEn: 'Port', fieldType: 'NUMBER', columnSql: 't.port', columnWidth: 80 },
    { fieldName: 'database', fieldExplain: '数据库', fieldExplainEn: 'Database', fieldType: 'TEXT', columnSql: 't.database', iallowQuery: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'username', fieldExplain: '用户名', fieldExplainEn: 'User name', fieldType: 'TEXT', columnSql: 't.username', columnWidth: 110 },
    { fieldName: 'hasPassword', fieldExplain: '已设密码', fieldExplainEn: 'Password set', fieldType: 'BOOLEAN', columnSql: '(t.password_enc IS NOT NULL)', columnWidth: 90,
      options: [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }] },
    { fieldName: 'ssl', fieldExplain: 'SSL', fieldExplainEn: 'SSL', fieldType: 'BOOLEAN', columnSql: 't.ssl', columnWidth: 70,
      options: [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }] },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

export const [dataSourceCreateForm, dataSourceUpdateForm] = formTemplates(
  { formatCode: 'system.data-source', formatName: '数据源', formatNameEn: 'data source', prefix: 'sys_data_source', mainTable: 'sys_data_source' },
  [
    { fieldName: 'sourceName', fieldExplain: '数据源名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.source_name', irequired: true },
    { fieldName: 'host', fieldExplain: '主机', fieldExplainEn: 'Host', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.host', irequired: true },
    { fieldName: 'port', fieldExplain: '端口', fieldExplainEn: 'Port', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.port', defaultValue: '5432', irequired: true },
    { fieldName: 'database', fieldExplain: '数据库', fieldExplainEn: 'Database', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.database', irequired: true },
    { fieldName: 'username', fieldExplain: '用户名', fieldExplainEn: 'User name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.username', irequired: true },
    { fieldName: 'password', fieldExplain: '密码', fieldExplainEn: 'Password', fieldType: 'TEXT', formSubmitType: 'ONE_TXT',
      tipsMessage: '加密保存，不会显示；修改时留空则保留原密码' },
    { fieldName: 'ssl', fieldExplain: 'SSL', fieldExplainEn: 'SSL', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.ssl', defaultValue: 'false' },
    // the SQL editor: one reading statement the 测试连接 button runs, so the test proves the tables are there
    { fieldName: 'validationQuery', fieldExplain: '检测语句', fieldExplainEn: 'Check query', fieldType: 'TEXT', formSubmitType: 'TEXTAREA_SENTENCE', columnSql: 't.validation_query',
      tipsMessage: '测试连接时执行的一条查询，如 SELECT count(*) FROM v_material' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ],
);
