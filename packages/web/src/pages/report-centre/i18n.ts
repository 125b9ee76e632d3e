/**
 * Texts of the report centre (报表中心: the viewer, the designer, database-source reports and
 * exports; i18n key `reportCentre`), Chinese first. Each part keeps its own group.
 */
export const reportCentreZh = {
  export: { button: '导出' },
  design: {
    title: '报表设计', search: '按编码或名称查找', create: '新建报表', copyBuiltIn: '从内置报表复制', import: '导入', importDone: '导入成功',
    code: '编码', name: '名称', nameEn: '英文名称', source: '数据源', menu: '菜单', updatedAt: '修改时间', updatedBy: '修改人', actions: '操作',
    edit: '编辑', copy: '复制', export: '导出定义', delete: '删除', deleteConfirm: '删除这张报表？它在菜单中的菜单项一并移除。',
    placeInMenu: '放入菜单', removeFromMenu: '移出菜单', notInMenu: '未放入', newCode: '新报表编码', newName: '新报表名称', builtIn: '内置报表',
    back: '返回列表', save: '保存', saved: '保存成功', preview: '预览', previewNeedsSave: '保存后可预览',
    tabs: { basic: '数据源', params: '参数', columns: '列', heads: '表头', group: '分组与排序', chart: '图表', page: '页面设置', roles: '角色' },
    param: '参数', paramType: '类型', defaultValue: '默认值', hidden: '隐藏', macroHint: '可用宏：${today} ${yesterday} ${monthStart} ${yearStart} ${userId} ${orgId}',
    field: '字段', colTitle: '标题', colTitleEn: '英文标题', width: '宽度', format: '显示格式', align: '对齐', total: '合计', head: '表头', up: '上移', down: '下移', remove: '移除',
    addField: '添加字段为列', addHead: '添加表头', headId: '标识', headTitle: '表头名称', headParent: '上级表头', none: '无',
    groupBy: '分组（每组有小计）', sort: '排序', sortAdd: '添加排序', asc: '升序', desc: '降序',
    chartType: '图表类型', chartX: '分类字段', chartSeries: '数值字段', noChart: '不显示图表', bar: '柱状图', line: '折线图', pie: '饼图',
    paper: '纸张', orientation: '方向', portrait: '纵向', landscape: '横向', subtitle: '副标题', footer: '页脚',
    roles: '可查看的角色（管理员始终可以）', pickSource: '请选择数据源', left: '左', center: '中', right: '右',
  },
};

export type ReportCentreTexts = typeof reportCentreZh;

export const reportCentreEn: ReportCentreTexts = {
  export: { button: 'Export' },
  design: {
    title: 'Report designer', search: 'Find by code or name', create: 'New report', copyBuiltIn: 'Copy a built-in report', import: 'Import', importDone: 'Imported',
    code: 'Code', name: 'Name', nameEn: 'English name', source: 'Source', menu: 'Menu', updatedAt: 'Changed at', updatedBy: 'Changed by', actions: 'Actions',
    edit: 'Edit', copy: 'Copy', export: 'Export definition', delete: 'Delete', deleteConfirm: 'Delete this report? Its menu entry goes with it.',
    placeInMenu: 'Place in menu', removeFromMenu: 'Remove from menu', notInMenu: 'Not placed', newCode: 'New report code', newName: 'New report name', builtIn: 'Built-in report',
    back: 'Back to the list', save: 'Save', saved: 'Saved', preview: 'Preview', previewNeedsSave: 'Save to preview',
    tabs: { basic: 'Source', params: 'Parameters', columns: 'Columns', heads: 'Headers', group: 'Grouping and sort', chart: 'Chart', page: 'Page setup', roles: 'Roles' },
    param: 'Parameter', paramType: 'Type', defaultValue: 'Default', hidden: 'Hidden', macroHint: 'Macros: ${today} ${yesterday} ${monthStart} ${yearStart} ${userId} ${orgId}',
    field: 'Field', colTitle: 'Title', colTitleEn: 'English title', width: 'Width', format: 'Format', align: 'Align', total: 'Total', head: 'Header', up: 'Up', down: 'Down', remove: 'Remove',
    addField: 'Add a field as a column', addHead: 'Add a header', headId: 'Id', headTitle: 'Header title', headParent: 'Parent header', none: 'None',
    groupBy: 'Group by (each group has a subtotal)', sort: 'Sort', sortAdd: 'Add a sort', asc: 'Ascending', desc: 'Descending',
    chartType: 'Chart type', chartX: 'Category field', chartSeries: 'Value fields', noChart: 'No chart', bar: 'Bar', line: 'Line', pie: 'Pie',
    paper: 'Paper', orientation: 'Orientation', portrait: 'Portrait', landscape: 'Landscape', subtitle: 'Subtitle', footer: 'Footer',
    roles: 'Roles that may read it (administrators always may)', pickSource: 'Choose a source', left: 'Left', center: 'Centre', right: 'Right',
  },
};
