import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the weighing screen, Chinese first. */
const zh = {
  title: '过磅作业', station: '磅点', stationHint: '本机所在磅点，保存在本机', kind: '业务类型', direction: '磅点方向', receive: '收货端', dispatch: '发货端',
  plate: '车牌号', platePh: '输入车牌号或读卡', readCard: '读卡', card: 'IC卡', clearCard: '清除', weight: '重量(吨)',
  tare: '皮重来源', tareWeigh: '本次称皮', tareStored: '存储皮重（有效期内）', tareLast: '上次皮重', tareAverage: '平均皮重', tareStandard: '标准皮重',
  first: '一次过磅', second: '二次过磅', retry: '重发上次过磅', retryHint: '上次过磅未收到应答：重发不会重复记录',
  result: '过磅结果', ticketNo: '磅单号', state: '状态', gross: '毛重', tareW: '皮重', deduct: '扣重', net: '净重', replay: '重复请求，已按首次结果应答',
  swapped: '毛皮重已互换（经确认的顺序颠倒）', warnings: '过磅提醒', noResult: '尚未过磅', needTruck: '请输入车牌号或读卡', needStation: '请填写磅点',
  scale: '秤', scaleHint: '取数的秤：磅点程序发来的仪表读数', noScale: '未接入仪表', source: '重量来源', sourceIndicator: '仪表取数', sourceManual: '手工录入',
  manualHint: '未取自仪表读数的重量均为手工录入：需要手工过磅权限，并在磅单（手工单）与称重日志中标记', needScale: '请选择秤', trend: '近一分钟走势',
  confirmTitle: '过磅异常，是否确认过磅？', confirmOk: '确认过磅', confirmCancel: '取消',
  lightStable: '稳定', lightMoving: '动态', lightStale: '读数中断', lightNone: '无读数', lightForbidden: '无查看仪表权限',
  truck: '车辆信息', truckAsk: '输入车牌号或读卡后显示车辆的通知单、物料与一次过磅', registryNo: '登记单', noticeNo: '通知单', material: '物料', party: '往来单位',
  firstWeighing: '一次过磅', notYet: '尚未一次过磅', firstGross: '毛重', firstTare: '皮重',
};
const en: typeof zh = {
  title: 'Weighing', station: 'Scale', stationHint: 'The scale this computer serves, kept on this computer', kind: 'Kind', direction: 'Scale end', receive: 'Receiving', dispatch: 'Dispatching',
  plate: 'Plate', platePh: 'Type the plate or read the card', readCard: 'Read card', card: 'IC card', clearCard: 'Clear', weight: 'Weight (t)',
  tare: 'Tare', tareWeigh: 'Weigh now', tareStored: 'Stored tare (if valid)', tareLast: 'Last tare', tareAverage: 'Average tare', tareStandard: 'Standard tare',
  first: 'First weighing', second: 'Second weighing', retry: 'Resend last weighing', retryHint: 'The last weighing got no answer: resending never records it twice',
  result: 'Result', ticketNo: 'Ticket', state: 'State', gross: 'Gross', tareW: 'Tare', deduct: 'Deductions', net: 'Net', replay: 'Repeated request: answered with the first result',
  swapped: 'Gross and tare swapped (a reversed order, confirmed)', warnings: 'Warnings', noResult: 'Nothing weighed yet', needTruck: 'Type the plate or read the card', needStation: 'Fill in the scale',
  scale: 'Scale', scaleHint: 'The scale whose indicator the station agent reports', noScale: 'No indicator wired', source: 'Weight from', sourceIndicator: 'Indicator', sourceManual: 'Typed by hand',
  manualHint: 'Every weight not taken from an indicator is typed: it needs the manual-weighing right and is marked on the ticket (manual) and in the weigh log', needScale: 'Pick the scale', trend: 'Last minute',
  confirmTitle: 'Unusual weighing: weigh it all the same?', confirmOk: 'Confirm and weigh', confirmCancel: 'Cancel',
  lightStable: 'Stable', lightMoving: 'In motion', lightStale: 'Readings stopped', lightNone: 'No reading', lightForbidden: 'No right to view indicators',
  truck: 'Truck', truckAsk: 'Type the plate or read the card to see the truck\'s notice, material and first weighing', registryNo: 'Registry', noticeNo: 'Notice', material: 'Material', party: 'Party',
  firstWeighing: 'First weighing', notYet: 'Not weighed yet', firstGross: 'Gross', firstTare: 'Tare',
};

export function useStationTexts(): typeof zh {
  return useEnglish() ? en : zh;
}
