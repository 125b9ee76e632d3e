import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the template administration pages, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  formats: {
    code: '模板编码', name: '模板名称', nameEn: '英文名称', type: '模板类型', style: '模板样式', source: '来源', menu: '绑定菜单', fields: '字段数',
    search: '查询', reset: '重置', sourceCode: '代码定义', sourceAdmin: '已修改', restore: '恢复代码定义',
    restoreConfirm: '恢复后此模板的全部修改将被代码定义覆盖，是否继续?', restored: '已恢复为代码定义', params: '参数配置',
    choose: '点击一行模板查看其字段定义', total: '共 {{total}} 条',
  },
  types: { LIST: '列表', FORM: '表单', RESOURCE: '弹窗资源', SEARCH: '查询' } as Record<string, string>,
  styles: {
    FORMAT_LIST_BASE: '基础列表', FORMAT_TREE_LIST: '树形列表', FORMAT_FOUR_COLUMN_FROM: '四列表单', FORMAT_EIGHT_COLUMN_FROM: '八列表单',
    FORMAT_MASTER_CHILD_FROM: '主子表单', FORMAT_TAB_FROM: '页签表单', FORMAT_RESOURCE_QUERY_DATALIST: '查询列表弹窗',
    FORMAT_RESOURCE_TREE: '树形弹窗', FORMAT_RESOURCE_TREE_QUERY_DATALIST: '树形查询列表弹窗',
  } as Record<string, string>,
  format: { title: '模板属性', ps: '默认每页条数', remark: '备注', valueSub: '弹窗查询字段', viewSub: '弹窗显示字段', save: '保存模板属性' },
  fields: {
    title: '字段定义', seq: '顺序', fieldName: '字段', fieldType: '类型', label: '名称', labelEn: '英文名称', ishow: '显示', ihidden: '隐藏',
    iupdate: '可编辑', irequired: '必填', iallowQuery: '快速查询', iallowAdvanceQuery: '高级查询', itotal: '合计', isortField: '排序',
    idefinedSort: '默认排序', sortMethod: '排序方向', columnWidth: '列宽', fixed: '固定', actions: '操作', save: '保存', detail: '详细',
    saveOrder: '保存顺序', orderChanged: '字段顺序已调整，请保存顺序', drag: '拖动调整顺序', notReadable: '非数据库列：不能查询、排序或合计',
    up: '上移', down: '下移', left: '左', right: '右', asc: '升序', desc: '降序',
  },
  field: {
    title: '字段属性', pickFormat: '选择模板', pickField: '选择字段', basics: '基本', list: '列表与查询', form: '表单', validation: '校验与格式',
    formSubmitType: '表单控件', defaultValue: '默认值', tipsMessage: '提示信息', validateMethod: '校验正则', validateTitle: '校验提示',
    valFormatFun: '格式化函数', controlValue: '控制值', rows: '文本行数', searchType: '查询控件', cgFormatResId: '弹窗资源模板',
    options: '选项', optionValue: '值', optionLabel: '名称', optionLabelEn: '英文名称', optionColor: '颜色', optionDisabled: '禁用', addOption: '添加选项',
    save: '保存', back: '返回模板配置', mapping: '弹窗字段映射',
    calculate: '计算公式', calculateSetup: '计算方式', calculateNone: '未设置',
  },
  factor: {
    title: '模板参数配置', params: '查询参数', key: '字段', op: '运算符', val: '值', add: '添加参数', save: '保存参数',
    noSearchable: '此模板没有可查询的字段', mappings: '弹窗字段映射', noPopups: '此模板没有打开弹窗资源的字段',
    target: '目标(fieldSub1)', masterTable: '目标表', targetField: '目标字段', source: '来源(fieldSub2)', addPair: '添加映射', saveMapping: '保存映射',
    allot: '菜单绑定', menuId: '菜单编号', bind: '绑定', unbind: '解除绑定', unbound: '未绑定', kindMenu: '菜单', kindButton: '按钮',
  },
  saved: '保存成功', remove: '删除', loadFailed: '加载失败', retry: '重试', none: '无',
};

export type AdminTexts = typeof zh;

const en: AdminTexts = {
  formats: {
    code: 'Code', name: 'Name', nameEn: 'English name', type: 'Type', style: 'Style', source: 'Source', menu: 'Bound to', fields: 'Fields',
    search: 'Search', reset: 'Reset', sourceCode: 'Code', sourceAdmin: 'Edited', restore: "Restore code's definition",
    restoreConfirm: "Every edit of this template will be replaced by code's definition. Continue?", restored: "Code's definition restored",
    params: 'Parameters', choose: 'Click a template to see its fields', total: '{{total}} in all',
  },
  types: { LIST: 'List', FORM: 'Form', RESOURCE: 'Popup', SEARCH: 'Search' },
  styles: {
    FORMAT_LIST_BASE: 'Basic list', FORMAT_TREE_LIST: 'Tree list', FORMAT_FOUR_COLUMN_FROM: 'Four-column form', FORMAT_EIGHT_COLUMN_FROM: 'Eight-column form',
    FORMAT_MASTER_CHILD_FROM: 'Master-child form', FORMAT_TAB_FROM: 'Tabbed form', FORMAT_RESOURCE_QUERY_DATALIST: 'Popup list with search',
    FORMAT_RESOURCE_TREE: 'Popup tree', FORMAT_RESOURCE_TREE_QUERY_DATALIST: 'Popup tree with list',
  },
  format: { title: 'Template', ps: 'Page size', remark: 'Remark', valueSub: 'Popup search field', viewSub: 'Popup label field', save: 'Save template' },
  fields: {
    title: 'Fields', seq: 'Seq', fieldName: 'Field', fieldType: 'Type', label: 'Label', labelEn: 'English label', ishow: 'Show', ihidden: 'Hidden',
    iupdate: 'Editable', irequired: 'Required', iallowQuery: 'Quick search', iallowAdvanceQuery: 'Advanced search', itotal: 'Total',
    isortField: 'Sortable', idefinedSort: 'Default sort', sortMethod: 'Direction', columnWidth: 'Width', fixed: 'Fixed', actions: 'Actions',
    save: 'Save', detail: 'Details', saveOrder: 'Save order', orderChanged: 'The order changed: save it', drag: 'Drag to reorder',
    notReadable: 'Not a database column: cannot be searched, sorted or totalled', up: 'Up', down: 'Down', left: 'Left', right: 'Right',
    asc: 'Ascending', desc: 'Descending',
  },
  field: {
    title: 'Field properties', pickFormat: 'Template', pickField: 'Field', basics: 'Basics', list: 'List and search', form: 'Form',
    validation: 'Validation and format', formSubmitType: 'Form control', defaultValue: 'Default value', tipsMessage: 'Tip',
    validateMethod: 'Pattern', validateTitle: 'Pattern message', valFormatFun: 'Format function', controlValue: 'Control value',
    rows: 'Text rows', searchType: 'Search control', cgFormatResId: 'Popup template', options: 'Options', optionValue: 'Value',
    optionLabel: 'Label', optionLabelEn: 'English label', optionColor: 'Colour', optionDisabled: 'Disabled', addOption: 'Add option', save: 'Save',
    back: 'Back to templates', mapping: 'Popup field mapping',
    calculate: 'Formula', calculateSetup: 'Set up...', calculateNone: 'Not set',
  },
  factor: {
    title: 'Template parameters', params: 'Search parameters', key: 'Field', op: 'Operator', val: 'Value', add: 'Add parameter',
    save: 'Save parameters', noSearchable: 'This template has no searchable field', mappings: 'Popup field mappings',
    noPopups: 'No field of this template opens a popup', target: 'Target (fieldSub1)', masterTable: 'Table', targetField: 'Field',
    source: 'Source (fieldSub2)', addPair: 'Add mapping', saveMapping: 'Save mapping', allot: 'Menu binding', menuId: 'Menu id',
    bind: 'Bind', unbind: 'Unbind', unbound: 'Not bound', kindMenu: 'Menu', kindButton: 'Button',
  },
  saved: 'Saved', remove: 'Remove', loadFailed: 'Could not load', retry: 'Retry', none: 'None',
};

export function useAdminTexts(): AdminTexts {
  return useEnglish() ? en : zh;
}

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
