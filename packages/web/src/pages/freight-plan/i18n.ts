/**
 * Texts of the freight plan list's dialogs (i18n key `freightPlan`), Chinese first; the words are
 * the server's (domain/freight/templates.ts, plan-bodies.ts).
 */
export const freightPlanZh = {
  oneRow: '请选择一条运费计划',
  titles: { poundListedit: '编辑磅单', remittance: '汇款', confirmOil: '确认油卡', findPrint: '打印', importExcel: '导入运费计划', storage: '存储仓库', detail: '运费计划详情' },
  plan: { planNo: '计划单号', carrier: '承运商', material: '物料', route: '线路/区域', period: '计划期间', price: '运价', ware: '存储仓库', confirmed: '磅单确认', freightTotal: '运费合计', lossChargeTotal: '亏吨扣款合计', remitted: '已汇款', fuelAdvanced: '油卡预付', yes: '已确认', no: '未确认' },
  pound: { ticketNo: '磅单号', plate: '车牌号', material: '物料', net: '净重', shipped: '原发数', completedAt: '完成时间', freight: '运费', lossCharge: '亏吨扣款', inList: '计划中的磅单', candidates: '可加入的磅单', add: '加入', remove: '移出', search: '查询', period: '完成时间', plateFilter: '车牌号', count: '共 {{count}} 张' },
  remit: { amount: '汇款金额', method: '付款方式', paidAt: '汇款日期', reference: '账户/凭证号', remark: '备注', list: '汇款记录', none: '暂无汇款' },
  methods: { BANK: '银行转账', CASH: '现金', BILL: '票据', OTHER: '其他' } as Record<string, string>,
  oil: { cardNo: '油卡卡号', amount: '油卡金额', confirmedAt: '确认日期', deductedBy: '抵扣结算单', remark: '备注', list: '油卡预付记录', none: '暂无油卡预付' },
  ware: { choose: '选择仓库', none: '不指定仓库' },
  print: { openTab: '打开并打印', loading: '正在生成...', ready: '运费计划单已生成' },
  required: '请填写{{field}}', notNumber: '{{field}}应为大于0的数字',
  saved: '保存成功',
  ok: '保 存', close: '关 闭', cancel: '取 消',
};

export type FreightPlanTexts = typeof freightPlanZh;

export const freightPlanEn: FreightPlanTexts = {
  oneRow: 'Select one freight plan',
  titles: { poundListedit: 'Edit tickets', remittance: 'Remittance', confirmOil: 'Fuel card', findPrint: 'Print', importExcel: 'Import freight plans', storage: 'Storage', detail: 'Freight plan detail' },
  plan: { planNo: 'Plan no.', carrier: 'Carrier', material: 'Material', route: 'Route/region', period: 'Period', price: 'Freight price', ware: 'Storage', confirmed: 'Tickets', freightTotal: 'Freight total', lossChargeTotal: 'Loss charges', remitted: 'Remitted', fuelAdvanced: 'Fuel advances', yes: 'Confirmed', no: 'Not confirmed' },
  pound: { ticketNo: 'Ticket no.', plate: 'Plate', material: 'Material', net: 'Net', shipped: 'Shipped', completedAt: 'Completed', freight: 'Freight', lossCharge: 'Loss charge', inList: 'Tickets in the plan', candidates: 'Tickets to add', add: 'Add', remove: 'Remove', search: 'Search', period: 'Completed', plateFilter: 'Plate', count: '{{count}} tickets' },
  remit: { amount: 'Amount', method: 'Method', paidAt: 'Date', reference: 'Account/reference', remark: 'Remark', list: 'Remittances', none: 'No remittances' },
  methods: { BANK: 'Bank transfer', CASH: 'Cash', BILL: 'Bill', OTHER: 'Other' },
  oil: { cardNo: 'Card no.', amount: 'Amount', confirmedAt: 'Date', deductedBy: 'Deducted by', remark: 'Remark', list: 'Fuel advances', none: 'No fuel advances' },
  ware: { choose: 'Warehouse', none: 'No warehouse' },
  print: { openTab: 'Open and print', loading: 'Generating...', ready: 'The freight plan sheet is ready' },
  required: 'Enter {{field}}', notNumber: '{{field}} must be a number above 0',
  saved: 'Saved',
  ok: 'Save', close: 'Close', cancel: 'Cancel',
};
