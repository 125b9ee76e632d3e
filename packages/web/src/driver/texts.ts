/**
 * The driver page's own words, Chinese first with English beside: a few dozen strings, so the page
 * carries them itself instead of the workspace's i18n bundle (i18next and its dictionaries would
 * cost more than the whole page may weigh).
 */
const zh = {
  title: '司机自助',
  langSwitch: 'English',
  tabTruck: '我的车辆',
  tabBook: '预约',
  tabTicket: '电子磅单',
  tabReceipt: '收货确认',
  loading: '加载中…',
  retry: '重试',
  offline: '网络不好，正在重试…',
  noTokenTitle: '请用工厂发给您的链接打开',
  noTokenText: '本页面需要工厂登记处、通行卡或预约短信里的链接（或扫二维码）才能使用。',
  expiredTitle: '链接已失效',
  expiredText: '链接已过期或无效，请向工厂登记处重新获取。',
  limitedTitle: '操作太频繁',
  limitedText: '请稍等一会儿再试。',
  failedTitle: '暂时无法连接',
  plate: '车牌',
  company: '单位',
  plant: '工厂',
  noTrip: '当前没有车次。可在“预约”里预约进厂。',
  registry: '登记单',
  notice: '通知单',
  material: '物料',
  stateWAITING: '排队中',
  stateCALLED: '已叫号，请进厂',
  stateIN_PLANT: '厂内',
  stateWEIGHED_ONCE: '已一次过磅',
  stateDONE: '已完成',
  ahead: (n: number) => (n === 0 ? '前面没有车，下一个就是您' : `前面还有 ${n} 辆`),
  place: (n: number) => `排第 ${n} 位`,
  calledAt: '叫号时间',
  callHint: '门岗已叫号，请立即驶入厂区',
  live: '实时',
  polling: '自动刷新',
  openNotices: '可预约的通知单',
  noNotices: '您的单位目前没有可预约的通知单。',
  window: '时段',
  placesLeft: (n: number | null) => (n === null ? '不限' : n > 0 ? `剩 ${n} 个` : '已约满'),
  book: '预约',
  booked: '预约成功',
  myBookings: '我的预约',
  noBookings: '还没有预约。',
  cancel: '取消',
  cancelled: '已取消',
  cancelAsk: '再点一次确认取消',
  quantity: '预装数量',
  day: '日期',
  noTicket: '二次过磅完成后，这里显示您的电子磅单。',
  ticketNo: '磅单号',
  party: '往来单位',
  gross: '毛重',
  tare: '皮重',
  deduction: '扣重',
  net: '净重',
  firstTime: '一次过磅',
  secondTime: '二次过磅',
  pdf: '下载 PDF 磅单',
  checkQr: '扫码验真',
  receiptIntro: '到达目的地后，请收货人填写姓名并在下方签字。',
  receiverName: '收货人姓名',
  sign: '收货人签字',
  clear: '重签',
  submitReceipt: '确认收货',
  receiptDone: '已确认收货',
  receiptNeedsName: '请填写收货人姓名',
  receiptNeedsSign: '请收货人在框内签字',
  receiptNotSales: '收货确认只用于销售发货的车次，且在二次过磅之后。',
  receivedAt: '收货时间',
};

export type Texts = typeof zh;

const en: Texts = {
  title: 'Driver self-service',
  langSwitch: '中文',
  tabTruck: 'My truck',
  tabBook: 'Book',
  tabTicket: 'E-ticket',
  tabReceipt: 'Receipt',
  loading: 'Loading…',
  retry: 'Retry',
  offline: 'Poor connection, retrying…',
  noTokenTitle: 'Open this page with the plant’s link',
  noTokenText: 'The page needs the link (or QR code) from the plant’s registry desk, your pass card or your appointment.',
  expiredTitle: 'Link no longer valid',
  expiredText: 'The link has expired or is not valid. Ask the registry desk for a new one.',
  limitedTitle: 'Too many requests',
  limitedText: 'Please wait a moment and try again.',
  failedTitle: 'Cannot connect right now',
  plate: 'Plate',
  company: 'Company',
  plant: 'Plant',
  noTrip: 'No trip right now. Book one under “Book”.',
  registry: 'Registry',
  notice: 'Notice',
  material: 'Material',
  stateWAITING: 'In the queue',
  stateCALLED: 'Called: drive in now',
  stateIN_PLANT: 'In the plant',
  stateWEIGHED_ONCE: 'Weighed once',
  stateDONE: 'Done',
  ahead: (n: number) => (n === 0 ? 'Nobody ahead: you are next' : `${n} truck${n === 1 ? '' : 's'} ahead`),
  place: (n: number) => `Place ${n}`,
  calledAt: 'Called at',
  callHint: 'The gate has called you: drive in now',
  live: 'live',
  polling: 'auto refresh',
  openNotices: 'Notices open for booking',
  noNotices: 'Your company has no notice open for booking.',
  window: 'Window',
  placesLeft: (n: number | null) => (n === null ? 'no limit' : n > 0 ? `${n} left` : 'full'),
  book: 'Book',
  booked: 'Booked',
  myBookings: 'My bookings',
  noBookings: 'No bookings yet.',
  cancel: 'Cancel',
  cancelled: 'Cancelled',
  cancelAsk: 'Tap again to cancel',
  quantity: 'Quantity to load',
  day: 'Day',
  noTicket: 'Your e-ticket shows here after the second weighing.',
  ticketNo: 'Ticket',
  party: 'Party',
  gross: 'Gross',
  tare: 'Tare',
  deduction: 'Deduction',
  net: 'Net',
  firstTime: 'First weighing',
  secondTime: 'Second weighing',
  pdf: 'Download PDF ticket',
  checkQr: 'Scan to verify',
  receiptIntro: 'At the destination, the receiver writes his name and signs below.',
  receiverName: 'Receiver’s name',
  sign: 'Receiver’s signature',
  clear: 'Clear',
  submitReceipt: 'Confirm receipt',
  receiptDone: 'Receipt confirmed',
  receiptNeedsName: 'Enter the receiver’s name',
  receiptNeedsSign: 'The receiver signs in the box',
  receiptNotSales: 'Receipt is for a sales delivery, after its second weighing.',
  receivedAt: 'Received at',
};

export type Lang = 'zh' | 'en';
export const TEXTS: Record<Lang, Texts> = { zh, en };

const LANG_KEY = 'wb-driver-lang';

export function savedLang(): Lang {
  try {
    return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
