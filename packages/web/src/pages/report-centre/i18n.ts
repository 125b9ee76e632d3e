/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
  export: { button: '导出' },
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
  export: { button: 'Export' },
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
