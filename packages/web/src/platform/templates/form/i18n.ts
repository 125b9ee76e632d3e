/** Texts of the template forms and widgets; the i18n bundles take them in as templateForm. */
export const templateFormZh = {
  choose: '请选择', chooseLines: '选择（可多选，每项一行）', chooseOrType: '请选择或输入', yes: '是', no: '否', saved: '保存成功', loadFailed: '表单模板加载失败',
  unknownType: '暂不支持的字段类型：{{type}}', help: '帮助', weighSave: '保 存', upload: '上传', removeImage: '删除图片',
  table: { pickTime: '选择', drag: '拖动排序', addTop: '插入首行', addEnd: '追加末行' },
  transfer: { source: '源列表', target: '目标列表', add: '添加', remove: '移除', filter: '输入关键字进行过滤', to: '收件人', cc: '抄送人', bcc: '密送人', swap: '与上一列表交换', clear: '清空' },
  calc: { expression: '按公式计算', sum: '按表合计', table: '请选择合计表', field: '合计字段', step: '运算项', kind: '类型', operand: '字段或数值', operator: '运算符', number: '输入数值后回车' },
  dateDialog: { title: '选择日期', date: '日期', start: '开始日期', end: '结束日期', sampleCount: '取样数' },
  assay: { title: '选择化验项目', code: '编码', name: '化验项目' },
};

export const templateFormEn: typeof templateFormZh = {
  choose: 'Choose', chooseLines: 'Choose (several: a line each)', chooseOrType: 'Choose or type', yes: 'Yes', no: 'No', saved: 'Saved', loadFailed: 'The form template could not be loaded',
  unknownType: 'Unsupported field type: {{type}}', help: 'Help', weighSave: 'Save', upload: 'Upload', removeImage: 'Remove image',
  table: { pickTime: 'Pick', drag: 'Drag to reorder', addTop: 'Insert at top', addEnd: 'Add at end' },
  transfer: { source: 'Source list', target: 'Target list', add: 'Add', remove: 'Remove', filter: 'Type to filter', to: 'Recipients', cc: 'Cc', bcc: 'Bcc', swap: 'Swap with the list above', clear: 'Clear all' },
  calc: { expression: 'By formula', sum: 'Sum over a table', table: 'Choose the table to total', field: 'Field to sum', step: 'Step', kind: 'Kind', operand: 'Field or number', operator: 'Operator', number: 'Type a number, then Enter' },
  dateDialog: { title: 'Select date', date: 'Date', start: 'Start date', end: 'End date', sampleCount: 'Sample count' },
  assay: { title: 'Choose assay items', code: 'Code', name: 'Assay item' },
};
