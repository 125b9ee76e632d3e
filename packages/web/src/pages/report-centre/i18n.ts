/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
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
  export: { button: '导出', rows: '已导出 {{done}} / {{total}} 行', queued: '排队中…', cancel: '取消导出', failed: '导出失败', close: '关闭' },
  viewer: {
    query: '查询',
    reset: '重置',
    print: '打印',
    total: '合计',
    subtotal: '小计',
    rows: '共 {{total}} 行',
    empty: '没有符合条件的数据：请放宽查询条件（如日期范围）后再查询',
    emptyUnasked: '请选择查询条件后点击查询',
    loadFailed: '报表未能打开',
    notFound: '报表不存在或您没有查看的权限',
    noCode: '缺少报表编码',
    chart: '图表',
    required: '{{title}}不能为空',
    from: '开始日期',
    to: '结束日期',
    all: '全部',
    searchCode: '输入编码或名称搜索',
    widthSaved: '列宽已保存',
    cut: '打印最多 2000 行，更多请导出',
  },
};

export type ReportCentreTexts = typeof reportCentreZh;

export const reportCentreEn: ReportCentreTexts = {
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
  export: { button: 'Export', rows: '{{done}} of {{total}} rows exported', queued: 'Queued…', cancel: 'Cancel export', failed: 'Export failed', close: 'Close' },
  viewer: {
    query: 'Query',
    reset: 'Reset',
    print: 'Print',
    total: 'Total',
    subtotal: 'Subtotal',
    rows: '{{total}} rows',
    empty: 'No rows match these conditions: widen them (for example the date range) and query again',
    emptyUnasked: 'Choose the conditions and press Query',
    loadFailed: 'The report could not be opened',
    notFound: 'The report does not exist or you may not read it',
    noCode: 'The report code is missing',
    chart: 'Chart',
    required: '{{title}} is required',
    from: 'From',
    to: 'To',
    all: 'All',
    searchCode: 'Type a code or name to search',
    widthSaved: 'Column width saved',
    cut: 'A print holds at most 2000 rows; export for more',
  },
};
