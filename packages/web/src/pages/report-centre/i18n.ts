/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
  export: { button: '导出' },
  sql: {
    title: '数据源报表', add: '新增', edit: '修改', remove: '删除', save: '保存', cancel: '取消', run: '运行', search: '查询',
    keyword: '编码或名称', code: '编码', name: '名称', source: '数据源', ownDatabase: '平台数据库', sql: 'SQL',
    sqlHint: '只读查询；参数写作 :name 或 ${name}，按值绑定。平台数据库上只能读取本组织的数据。',
    params: '参数', addParam: '添加参数', paramKey: '参数名', paramTitle: '标题', paramType: '类型', paramDefault: '默认值',
    fields: '字段', fieldKey: '字段', fieldTitle: '标题', fieldType: '类型', fieldTotal: '合计',
    result: '运行结果', cut: '只显示前 {{count}} 行，结果已截断', rows: '{{count}} 行', noRun: '运行 SQL 查看结果与字段',
    confirmDelete: '确定删除 {{name}} 吗?', saved: '保存成功', deleted: '删除成功', actions: '操作', updated: '修改时间', empty: '请选择或新增一个数据源报表',
    embedTitle: '嵌入报表', admin: '管理员', currentOrg: '当前组织', orgs: '可选组织',
  },
};

export type ReportCentreTexts = typeof reportCentreZh;

export const reportCentreEn: ReportCentreTexts = {
  export: { button: 'Export' },
  sql: {
    title: 'Database-source reports', add: 'Add', edit: 'Edit', remove: 'Delete', save: 'Save', cancel: 'Cancel', run: 'Run', search: 'Search',
    keyword: 'Code or name', code: 'Code', name: 'Name', source: 'Data source', ownDatabase: 'Platform database', sql: 'SQL',
    sqlHint: 'Read-only query; parameters as :name or ${name}, bound as values. On the platform database only your organisation\'s rows are read.',
    params: 'Parameters', addParam: 'Add parameter', paramKey: 'Name', paramTitle: 'Title', paramType: 'Type', paramDefault: 'Default',
    fields: 'Fields', fieldKey: 'Field', fieldTitle: 'Title', fieldType: 'Type', fieldTotal: 'Total',
    result: 'Result', cut: 'Only the first {{count}} rows are shown: the result was cut', rows: '{{count}} rows', noRun: 'Run the SQL to see its rows and fields',
    confirmDelete: 'Delete {{name}}?', saved: 'Saved', deleted: 'Deleted', actions: 'Actions', updated: 'Updated', empty: 'Pick or add a database-source report',
    embedTitle: 'Embedded report', admin: 'Administrator', currentOrg: 'Current organisation', orgs: 'Organisations',
  },
};
