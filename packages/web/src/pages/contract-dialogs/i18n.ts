/**
 * Texts of the contract list's 质量条款 and 变更记录 dialogs (i18n key `contractDialogs`), Chinese
 * first; the column words are the server's (domain/contract/quality.ts and templates.ts).
 */
export const contractDialogsZh = {
  oneRow: '请选择一份合同',
  qualityTitle: '质量条款', historyTitle: '变更记录',
  contractNo: '合同号', status: '状态',
  readOnly: '合同不是草稿，质量条款只能查看；生效后的变更请通过补充协议',
  qualityHint: '每行一个物料的一项化验指标：超出标准值时每超出“每超出量”扣净重的“扣重比例”%，每一档距单价调整“每档调价”，超过拒收限值拒收。',
  columns: {
    materialCode: '物料', itemCode: '化验项目编码', itemName: '化验项目名称', standardValue: '标准值', direction: '方向',
    deductStep: '每超出量', deductPercent: '扣重比例(%)', deductBasis: '扣重基准', bandStep: '档距', bandPrice: '每档调价', bandMode: '调价方式', rejectLimit: '拒收限值', remark: '备注',
  },
  groups: { deduct: '扣重规则', band: '价格档' },
  directions: { MAX: '不高于', MIN: '不低于' },
  deductBases: { NET: '按净重/100', DRY: '按净重/(100-标准值)' },
  bandModes: { STEP: '整档', PROPORTIONAL: '按比例' },
  statuses: { FREE: '草稿', AUDITED: '生效', CLOSED: '已关闭', TERMINATED: '已终止', OBSOLETE: '已作废' } as Record<string, string>,
  addTerm: '增加条款', removeTerm: '删除', noTerms: '暂无质量条款', noHistory: '暂无变更记录',
  saved: '质量条款已保存',
  history: { amendNo: '补充协议号', line: '合同行号', field: '变更项', before: '变更前', after: '变更后', when: '变更时间', who: '审核人' },
  fields: { tolerance: '溢短装(±%)', validTo: '有效期至', quantity: '数量', price: '单价' },
  ok: '保 存', close: '关 闭', cancel: '取 消',
};

export type ContractDialogsTexts = typeof contractDialogsZh;

export const contractDialogsEn: ContractDialogsTexts = {
  oneRow: 'Select one contract',
  qualityTitle: 'Quality terms', historyTitle: 'Amendment history',
  contractNo: 'Contract no.', status: 'Status',
  readOnly: 'The contract is not a draft: its quality terms can only be viewed; change a contract in force by an amendment',
  qualityHint: 'One row per assay item of a material: beyond the standard, every step deducts the percentage of the net, every price band changes the unit price, beyond the reject limit the load is refused.',
  columns: {
    materialCode: 'Material', itemCode: 'Assay item code', itemName: 'Assay item', standardValue: 'Standard', direction: 'Direction',
    deductStep: 'Per step beyond', deductPercent: 'Deduct (%)', deductBasis: 'Deduct basis', bandStep: 'Band step', bandPrice: 'Price per band', bandMode: 'Band mode', rejectLimit: 'Reject limit', remark: 'Remark',
  },
  groups: { deduct: 'Deduction rule', band: 'Price band' },
  directions: { MAX: 'Not above', MIN: 'Not below' },
  deductBases: { NET: 'Net / 100', DRY: 'Net / (100 - standard)' },
  bandModes: { STEP: 'Whole steps', PROPORTIONAL: 'In proportion' },
  statuses: { FREE: 'Draft', AUDITED: 'In force', CLOSED: 'Closed', TERMINATED: 'Terminated', OBSOLETE: 'Void' },
  addTerm: 'Add a term', removeTerm: 'Remove', noTerms: 'No quality terms', noHistory: 'No amendments yet',
  saved: 'Quality terms saved',
  history: { amendNo: 'Amendment no.', line: 'Line', field: 'Changed', before: 'Before', after: 'After', when: 'When', who: 'Audited by' },
  fields: { tolerance: 'Tolerance (±%)', validTo: 'Valid to', quantity: 'Quantity', price: 'Unit price' },
  ok: 'Save', close: 'Close', cancel: 'Cancel',
};
