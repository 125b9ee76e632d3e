/**
 * Texts of the ticket list's 扣重, 修改单价 and 拆分 dialogs (i18n key `ticketDialogs`), Chinese
 * first; the deduction kinds are the server's (protocol TICKET_DEDUCTION_KINDS, and its hidden one).
 */
export const ticketDialogsZh = {
  oneRow: '请选择一张磅单',
  deductTitle: '扣重', priceTitle: '修改单价', splitTitle: '拆分磅单',
  ticketNo: '磅单号', plate: '车牌号', material: '物料',
  gross: '毛重(吨)', tare: '皮重(吨)', deductTotal: '扣重(吨)', net: '净重(吨)',
  currentNet: '当前净重(吨)', resultNet: '扣后净重(吨)', resultDeducted: '扣后扣重(吨)', resultAmount: '扣后金额',
  noNetYet: '二次过磅后计算', counting: '计算中…',
  kind: '扣重类别', mode: '方式', value: '数值', weight: '折合(吨)',
  byAmount: '扣重(吨)', byRate: '扣率(%)',
  kinds: { water: '扣水', impurity: '扣杂', detritus: '扣渣', stone: '扣石', other: '其他扣重', quality: '质量扣重', hidden: '暗扣' },
  hiddenNote: '暗扣按物料设置，随磅单计算，不能在此修改',
  deductHint: '扣率按毛重减皮重的百分比计算；留空的类别不扣。',
  deducted: '扣重成功',
  price: '当前单价', amount: '当前金额', newPrice: '新单价', newAmount: '新金额',
  priceRequired: '请输入新单价', priceNotNumber: '单价应为不小于0的数字',
  reason: '改价原因', reasonRequired: '请填写改价原因', reasonTooLong: '改价原因不能超过200个字符',
  amountHint: '金额 = 净重 × 单价，按金额精度 {{digits}} 位小数四舍五入',
  priceSaved: '修改单价成功',
  parts: '拆分明细', part: '第 {{n}} 份(吨)', addPart: '增加一份', removePart: '删除', evenly: '平均分成', evenlyCount: '份', apply: '分配',
  partsSum: '合计(吨)', difference: '差额(吨)', addsUp: '合计等于净重', notAddsUp: '合计应等于净重 {{net}}',
  splitHint: '第 1 份留在原磅单，其余各份生成新磅单；皮重与扣重按份额分摊。',
  splitDone: '拆分成功，新磅单 {{count}} 张',
  tonUnit: '吨', ok: '确 定', cancel: '取 消',
  interventionIdle: '目前没有等待处理的请求。无人值守的过磅通道遇到不能自动称重的车辆（读数不稳定、未停到位、重量超出范围、皮重偏差超限、无有效登记、业务拒绝）时，请求会出现在这里，由过磅员放行或禁止；新请求到达时列表自动刷新。',
  picturesTitle: '抓拍图片', noPictures: '此磅单没有抓拍图片', firstReading: '一次过磅', secondReading: '二次过磅',
};

export type TicketDialogsTexts = typeof ticketDialogsZh;

export const ticketDialogsEn: TicketDialogsTexts = {
  oneRow: 'Select one ticket',
  deductTitle: 'Deductions', priceTitle: 'Change price', splitTitle: 'Split ticket',
  ticketNo: 'Ticket no.', plate: 'Plate', material: 'Material',
  gross: 'Gross (t)', tare: 'Tare (t)', deductTotal: 'Deducted (t)', net: 'Net (t)',
  currentNet: 'Current net (t)', resultNet: 'Net after (t)', resultDeducted: 'Deducted after (t)', resultAmount: 'Amount after',
  noNetYet: 'After the second weighing', counting: 'Computing…',
  kind: 'Kind', mode: 'By', value: 'Value', weight: 'Comes to (t)',
  byAmount: 'Weight (t)', byRate: 'Rate (%)',
  kinds: { water: 'Water', impurity: 'Impurity', detritus: 'Detritus', stone: 'Stone', other: 'Other', quality: 'Quality', hidden: 'Hidden' },
  hiddenNote: "The hidden deduction is the material's and cannot be changed here",
  deductHint: 'A rate is a percentage of gross minus tare; an empty kind deducts nothing.',
  deducted: 'Deductions saved',
  price: 'Unit price', amount: 'Amount', newPrice: 'New unit price', newAmount: 'New amount',
  priceRequired: 'Enter the new unit price', priceNotNumber: 'The unit price must be a number of at least 0',
  reason: 'Reason for the change', reasonRequired: 'Enter the reason for the change', reasonTooLong: 'The reason may have at most 200 characters',
  amountHint: 'Amount = net × unit price, rounded half up to {{digits}} decimals',
  priceSaved: 'Price changed',
  parts: 'Parts', part: 'Part {{n}} (t)', addPart: 'Add a part', removePart: 'Remove', evenly: 'Split evenly into', evenlyCount: 'parts', apply: 'Apply',
  partsSum: 'Sum (t)', difference: 'Difference (t)', addsUp: 'The parts add up to the net', notAddsUp: 'The parts must add up to the net of {{net}}',
  splitHint: 'Part 1 stays on this ticket; each other part becomes a new ticket. Tare and deductions are shared in proportion.',
  splitDone: 'Split: {{count}} new tickets',
  tonUnit: 't', ok: 'OK', cancel: 'Cancel',
  interventionIdle: 'No request is waiting. When an unattended lane meets a truck it cannot weigh on its own (unstable reading, not in position, weight out of range, tare deviation, no registry, business refusal), its request appears here for the operator to approve or forbid; the list reloads when one arrives.',
  picturesTitle: 'Snapshots', noPictures: 'This ticket has no snapshots', firstReading: 'First weighing', secondReading: 'Second weighing',
};
