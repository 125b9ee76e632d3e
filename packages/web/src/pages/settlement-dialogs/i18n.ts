/**
 * Texts of the goods settlement list's 确认磅单, 调整, 发票 and 付款/收款 dialogs (i18n key
 * `settlementDialogs`), Chinese first; the words are the server's (domain/settlement/bodies.ts, templates.ts).
 */
export const settlementDialogsZh = {
  oneRow: '请选择一张结算单',
  titles: { confirmPounds: '选择磅单', adjust: '调整', invoice: '发票', pay: '付款', receive: '收款' },
  head: { settleNo: '结算单号', party: '结算对象', state: '状态', total: '结算金额', invoiced: '已开票', paid: '已付/已收' },
  states: { DRAFT: '草稿', EXAMINED: '已审核', PAID: '已付清', CLOSED: '已关闭' } as Record<string, string>,
  candidates: {
    ticketNo: '磅单号', plate: '车号', material: '物料', date: '日期', net: '净重(吨)', price: '单价', amount: '金额',
    basis: '结算依据', grossNet: '我方净重(吨)', shipped: '原发(吨)', deductions: '扣重', quantity: '结算数量(吨)',
  },
  bases: { OUR_NET: '我方净重', SHIPPED: '对方原发', LESSER: '两者取小' } as Record<string, string>,
  deductionKinds: { WATER: '扣水', IMPURITY: '扣杂', DETRITUS: '扣渣', STONE: '扣石', OTHER: '其他扣重', QUALITY: '质量扣重', LOSS: '超耗扣重' } as Record<string, string>,
  noDeduction: '无扣重',
  chosen: '已选 {{count}} 张，结算数量 {{quantity}}，金额 {{amount}}',
  volume: '{{volume}} 方',
  noCandidates: '没有可结算的磅单', selectAll: '全选', selectNone: '全不选',
  excluded: {
    head: '期间内的磅单不可结算：', none: '期间内没有该结算对象的磅单', noneOfKind: '期间内没有该业务类型的磅单', line: '{{label}} {{count}} 张', held: '已被结算单 {{no}} 占用',
    noPrice: '{{count}} 张磅单没有适用的运费价格，生成前请先在 运费价格 中维护',
    reasons: {
      NO_CARRIER: '未填承运商', OTHER_CARRIER: '属于其他承运商', NOT_COMPLETED: '未完成称重', NOT_AUDITED: '未审核', CLOSED: '已关闭', NO_NET: '无净重',
      HELD: '已被结算单占用', OTHER_CONTRACT: '不属于结算单的合同', NO_PRICE: '无运费价格',
    } as Record<string, string>,
  },
  adjustKinds: { ROUNDING: '抹零', PENALTY: '扣罚', REBATE: '返利', OTHER: '其他' } as Record<string, string>,
  fields: {
    reasonKind: '调整类型', reason: '调整原因', amount: '金额', adjustAmount: '调整金额（负数为扣减）', invoiceNo: '发票号', invoiceDate: '开票日期',
    tax: '税额', remark: '备注', paidOn: '日期', method: '方式', receipt: '收款单', reference: '凭证号',
  },
  methods: { BANK: '银行转账', CASH: '现金', ACCEPTANCE: '承兑汇票', RECEIPT: '收款单' } as Record<string, string>,
  owed: '未付 {{amount}}',
  required: '请填写{{field}}',
  saved: '已保存', confirmed: '磅单已确认',
  reconcile: {
    title: '对账查询', run: '查 询', export: '导出对账汇总', total: '合计', allParties: '全部', empty: '没有该期间的磅单',
    parties: { vendor: '供应商', customer: '客户', carrier: '承运商' } as Record<string, string>,
    weighedCount: '过磅车数', weighedTons: '过磅净重(吨)', weighedAmount: '磅单金额', settledCount: '已结算车数', settledTons: '已结算净重(吨)',
    settledAmount: '结算金额', unsettledCount: '未结算车数', unsettledTons: '未结算净重(吨)', unsettledAmount: '未结算金额',
    settlementTotal: '结算单合计', invoicedAmount: '已开票', paidAmount: '已付款', unpaidAmount: '未付款',
  },
  freight: {
    title: '结算操作', carrier: '承运商',
    actions: { pay: '付款', invoice: '发票', close: '关闭', unaudit: '反审核' } as Record<string, string>,
    hints: { close: '关闭后不再付款', unaudit: '反审核后释放磅单（须未付款、未开票）' } as Record<string, string>,
  },
  freightCreate: {
    title: '新建运费结算', carrier: '承运商', search: '查 询', generate: '生 成', hauled: '运输净重(吨)', freight: '运费', lossCharge: '亏吨扣款',
    noPrice: '无运费价格', askFirst: '选择承运商和期间后查询', pickSome: '请选择磅单', made: '已生成运费结算 {{no}}',
    chosen: '已选 {{count}} 张，运费 {{freight}}，亏吨扣款 {{loss}}',
    kinds: { pu: '采购', sa: '销售', al: '调拨', tr: '移库' } as Record<string, string>,
  },
  ok: '确 定', cancel: '取 消',
};

export type SettlementDialogsTexts = typeof settlementDialogsZh;

export const settlementDialogsEn: SettlementDialogsTexts = {
  oneRow: 'Select one settlement',
  titles: { confirmPounds: 'Choose tickets', adjust: 'Adjust', invoice: 'Invoice', pay: 'Pay', receive: 'Receive' },
  head: { settleNo: 'Settlement no.', party: 'Party', state: 'State', total: 'Amount', invoiced: 'Invoiced', paid: 'Paid' },
  states: { DRAFT: 'Draft', EXAMINED: 'Examined', PAID: 'Paid', CLOSED: 'Closed' },
  candidates: {
    ticketNo: 'Ticket no.', plate: 'Plate', material: 'Material', date: 'Date', net: 'Net (t)', price: 'Unit price', amount: 'Amount',
    basis: 'Settle basis', grossNet: 'Our net (t)', shipped: 'Shipped (t)', deductions: 'Deductions', quantity: 'Settled (t)',
  },
  bases: { OUR_NET: 'Our net', SHIPPED: 'Shipped quantity', LESSER: 'The lesser' },
  deductionKinds: { WATER: 'Water', IMPURITY: 'Impurity', DETRITUS: 'Detritus', STONE: 'Stone', OTHER: 'Other', QUALITY: 'Quality', LOSS: 'Loss over tolerance' },
  noDeduction: 'No deduction',
  chosen: '{{count}} chosen, settled {{quantity}}, amount {{amount}}',
  volume: '{{volume}} m³',
  noCandidates: 'No tickets to settle', selectAll: 'Select all', selectNone: 'Select none',
  excluded: {
    head: 'Tickets of the period that cannot be settled:', none: 'No tickets of this party in the period', noneOfKind: 'No tickets of this kind in the period', line: '{{label}}: {{count}}', held: 'Held by settlement {{no}}',
    noPrice: '{{count}} tickets have no freight price; add one under Freight prices before creating',
    reasons: {
      NO_CARRIER: 'No carrier', OTHER_CARRIER: 'Another carrier', NOT_COMPLETED: 'Not weighed out', NOT_AUDITED: 'Not audited', CLOSED: 'Closed', NO_NET: 'No net weight',
      HELD: 'Held by a settlement', OTHER_CONTRACT: 'Another contract', NO_PRICE: 'No freight price',
    },
  },
  adjustKinds: { ROUNDING: 'Rounding', PENALTY: 'Penalty', REBATE: 'Rebate', OTHER: 'Other' },
  fields: {
    reasonKind: 'Kind', reason: 'Reason', amount: 'Amount', adjustAmount: 'Amount (negative deducts)', invoiceNo: 'Invoice no.', invoiceDate: 'Invoice date',
    tax: 'Tax', remark: 'Remark', paidOn: 'Date', method: 'Method', receipt: 'Receipt', reference: 'Reference',
  },
  methods: { BANK: 'Bank transfer', CASH: 'Cash', ACCEPTANCE: 'Acceptance bill', RECEIPT: 'Receipt' },
  owed: 'Owed {{amount}}',
  required: 'Enter the {{field}}',
  saved: 'Saved', confirmed: 'Tickets confirmed',
  reconcile: {
    title: 'Reconciliation', run: 'Search', export: 'Export reconciliation', total: 'Total', allParties: 'All', empty: 'No tickets in the period',
    parties: { vendor: 'Vendor', customer: 'Customer', carrier: 'Carrier' },
    weighedCount: 'Trucks weighed', weighedTons: 'Net weighed (t)', weighedAmount: 'Tickets amount', settledCount: 'Trucks settled', settledTons: 'Net settled (t)',
    settledAmount: 'Settled amount', unsettledCount: 'Trucks unsettled', unsettledTons: 'Net unsettled (t)', unsettledAmount: 'Unsettled amount',
    settlementTotal: 'Settlements total', invoicedAmount: 'Invoiced', paidAmount: 'Paid', unpaidAmount: 'Unpaid',
  },
  freight: {
    title: 'Settlement actions', carrier: 'Carrier',
    actions: { pay: 'Pay', invoice: 'Invoice', close: 'Close', unaudit: 'Un-examine' },
    hints: { close: 'A closed settlement takes no more payments', unaudit: 'Un-examining frees the tickets (no payment or invoice yet)' },
  },
  freightCreate: {
    title: 'New freight settlement', carrier: 'Carrier', search: 'Search', generate: 'Create', hauled: 'Hauled (t)', freight: 'Freight', lossCharge: 'Loss charge',
    noPrice: 'No freight price', askFirst: 'Choose a carrier and a period, then search', pickSome: 'Choose tickets', made: 'Freight settlement {{no}} created',
    chosen: '{{count}} chosen, freight {{freight}}, loss charge {{loss}}',
    kinds: { pu: 'Purchase', sa: 'Sales', al: 'Allot', tr: 'Transfer' },
  },
  ok: 'OK', cancel: 'Cancel',
};
