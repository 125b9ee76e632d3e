import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the guard's pages, Chinese first (zh-CN default, English switchable). */
const zh = {
  entrance: '车辆入厂', release: '车辆出厂', card: 'IC卡读写', inPlant: '厂内车辆',
  placeholder: '车牌号 / IC卡号 / 通行证号 / 扫描二维码，回车查询',
  search: '查询', readCard: '读卡', letIn: '放行入厂', letOut: '放行出厂', passIn: '通行证放行', printQr: '打印二维码',
  enterHint: '再按回车放行', found: '已找到', notFound: '未找到', readerMissing: '读卡器不可用，请输入卡号',
  letInDone: '{{plate}} 入厂成功', letOutDone: '{{plate}} 出厂成功', passDone: '通行证 {{no}} 放行成功（第 {{n}} 次）',
  registry: '登记单', pass: '临时通行证', checks: '检查',
  fields: {
    registryNo: '登记单号', kind: '业务类型', plateNumber: '车牌号', docStatus: '单据状态', tripState: '车辆状态', noticeNo: '通知单号',
    materialName: '物料', partnerName: '往来单位', carrierName: '承运商', driverName: '司机', preQuantity: '预装数', cardNo: 'IC卡号',
    validFrom: '有效期自', validTo: '有效期至', enteredAt: '入厂时间', queueNo: '排队号',
  } as Record<string, string>,
  passFields: { passNo: '通行证号', holder: '通行对象', reason: '事由', validity: '有效期', used: '已通行次数' },
  truck: '车辆', visitor: '访客', appointment: '预约规则', inWindow: '在预约时段内', outWindow: '不在预约时段内', wholeDay: '全天',
  quota: '今日 {{used}}/{{quota}} 车', noQuota: '不限车数', noRules: '无预约规则', via: { plate: '按车牌', card: '按IC卡', qr: '按二维码', number: '按单号' } as Record<string, string>,
  cardUid: '卡号 / 芯片序列号', registryNo: '登记单号或车牌号', bind: '绑定到登记单', bound: '已将 IC卡 {{card}} 绑定到登记单 {{no}}',
  cardHint: '放卡后点读卡；没有读卡器时直接输入卡号或芯片序列号后回车',
  states: { FREE: '未审核', AUDITED: '已审核', OBSOLETE: '已作废', PLANNED: '未入厂', ENTERED: '已入厂', WEIGHING: '过磅中', RELEASED: '已出厂' } as Record<string, string>,
  columns: { plate: '车牌号', registryNo: '登记单号', state: '状态', material: '物料', counterparty: '客商', driver: '司机', enteredAt: '入厂时间', inside: '在厂时长', ticket: '磅单号' },
  minutes: '{{h}}小时{{m}}分', live: '实时连接', lost: '连接中断，正在重连…', count: '厂内 {{n}} 辆', empty: '厂内暂无车辆',
  waiting: '排队车辆（等待 {{n}} 辆）', noneWaiting: '暂无排队车辆', place: '排位', booked: '预约日期', waitingState: '排队中',
  calledAt: '已叫号 {{time}}', call: '叫号', callAgain: '再次叫号', calledDone: '已叫号：{{plate}}',
};
type Texts = typeof zh;

const en: Texts = {
  entrance: 'Gate entrance', release: 'Gate release', card: 'IC card reading', inPlant: 'Vehicles in plant',
  placeholder: 'Plate / IC card no. / pass no. / scan a QR code, Enter to find',
  search: 'Find', readCard: 'Read card', letIn: 'Let in', letOut: 'Let out', passIn: 'Let the pass through', printQr: 'Print QR code',
  enterHint: 'Press Enter again to let it through', found: 'Found', notFound: 'Not found', readerMissing: 'No card reader: type the card number',
  letInDone: '{{plate}} let in', letOutDone: '{{plate}} let out', passDone: 'Pass {{no}} let through (passage {{n}})',
  registry: 'Registry', pass: 'Pass card', checks: 'Checks',
  fields: {
    registryNo: 'Registry no.', kind: 'Kind', plateNumber: 'Plate', docStatus: 'Status', tripState: 'Vehicle state', noticeNo: 'Notice no.',
    materialName: 'Material', partnerName: 'Counterparty', carrierName: 'Carrier', driverName: 'Driver', preQuantity: 'Pre-load', cardNo: 'IC card',
    validFrom: 'Valid from', validTo: 'Valid to', enteredAt: 'Entered', queueNo: 'Queue no.',
  },
  passFields: { passNo: 'Pass no.', holder: 'Holder', reason: 'Reason', validity: 'Validity', used: 'Passages' },
  truck: 'Truck', visitor: 'Visitor', appointment: 'Appointment rule', inWindow: 'inside its window', outWindow: 'outside its window', wholeDay: 'all day',
  quota: 'today {{used}}/{{quota}} trucks', noQuota: 'no quota', noRules: 'No appointment rule', via: { plate: 'by plate', card: 'by IC card', qr: 'by QR code', number: 'by number' },
  cardUid: 'Card no. / chip serial', registryNo: 'Registry no. or plate', bind: 'Bind to the registry', bound: 'IC card {{card}} bound to registry {{no}}',
  cardHint: 'Put the card on the reader and read it; without a reader type the card number or chip serial and press Enter',
  states: { FREE: 'Free', AUDITED: 'Audited', OBSOLETE: 'Void', PLANNED: 'Not in', ENTERED: 'In the plant', WEIGHING: 'Weighing', RELEASED: 'Released' },
  columns: { plate: 'Plate', registryNo: 'Registry no.', state: 'State', material: 'Material', counterparty: 'Counterparty', driver: 'Driver', enteredAt: 'Entered', inside: 'Time inside', ticket: 'Ticket' },
  minutes: '{{h}} h {{m}} min', live: 'Live', lost: 'Connection lost, reconnecting…', count: '{{n}} in the plant', empty: 'No vehicle in the plant',
  waiting: 'Waiting trucks ({{n}} waiting)', noneWaiting: 'No truck waiting', place: 'Place', booked: 'Booked for', waitingState: 'Waiting',
  calledAt: 'Called {{time}}', call: 'Call in', callAgain: 'Call again', calledDone: 'Called: {{plate}}',
};

export type GateTexts = Texts;
export const useGateTexts = (): Texts => (useEnglish() ? en : zh);
export const fill = (t: string, v: Record<string, string | number>) => t.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));
