import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the registry dialogs, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  readCard: '读卡', readAgain: '重新读卡', reading: '正在读卡，请将IC卡放在读卡器上…', cardUid: '芯片序列号', cardNo: 'IC卡号',
  registryNo: '登记单号', plate: '车牌号', status: '单据状态', trip: '车辆状态', notice: '通知单号', material: '物料', pre: '预装数',
  supplement: '补卡', supplementFor: '为登记单 {{code}}（{{plate}}）补卡', bind: '绑定并写卡', bound: '补卡成功：IC卡 {{card}} 已绑定登记单 {{code}}',
  writeFailed: '已绑定，但写卡失败：{{message}}',
  pictures: '抓拍图片查看', noPictures: '没有查到此登记单的图片', first: '一次过磅', second: '二次过磅', ticket: '磅单',
  rematch: '重新匹配队列', point: '卸货地点', choosePoint: '请选择卸货地点', rematched: '已排入 {{point}} 队列',
  driverLink: '司机链接', driverLinkHint: '司机用手机扫码打开（有效至 {{until}}）',
  oneRow: '请选择一条登记单', close: '关闭', ok: '确定', cancel: '取消',
  clearCard: '清除', cardRead: '已读卡：IC卡 {{card}}', written: '写卡成功：IC卡 {{card}} 已写入登记单 {{code}}',
  savedNotWritten: '登记单 {{code}} 已保存并绑定IC卡，但写卡失败：{{message}}', otherCardOnReader: '读卡器上的IC卡不是登记单 {{code}} 绑定的IC卡 {{card}}，未写卡',
};
type Texts = typeof zh;
const en: Texts = {
  readCard: 'Read card', readAgain: 'Read again', reading: 'Reading: lay the IC card on the reader…', cardUid: 'Chip UID', cardNo: 'Card no.',
  registryNo: 'Registry no.', plate: 'Plate', status: 'Status', trip: 'Truck', notice: 'Notice no.', material: 'Material', pre: 'Pre-load (t)',
  supplement: 'Bind card', supplementFor: 'Bind a card to registry {{code}} ({{plate}})', bind: 'Bind and write', bound: 'Card {{card}} bound to registry {{code}}',
  writeFailed: 'Bound, but writing the card failed: {{message}}',
  pictures: 'Snapshots', noPictures: 'No snapshots of this registry', first: 'First weighing', second: 'Second weighing', ticket: 'Ticket',
  rematch: 'Re-queue', point: 'Discharge point', choosePoint: 'Choose a discharge point', rematched: 'Queued at {{point}}',
  driverLink: 'Driver link', driverLinkHint: 'The driver scans it with his phone (valid until {{until}})',
  oneRow: 'Select one registry', close: 'Close', ok: 'OK', cancel: 'Cancel',
  clearCard: 'Clear', cardRead: 'Card {{card}} read', written: 'Card {{card}} written with registry {{code}}',
  savedNotWritten: 'Registry {{code}} saved with its card, but writing the card failed: {{message}}', otherCardOnReader: 'The card on the reader is not card {{card}} of registry {{code}}: nothing written',
};

export type TextKey = keyof Texts;

export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

export function useRegistryTexts(): (key: TextKey, values?: Record<string, string | number>) => string {
  const english = useEnglish();
  return (key, values) => fill((english ? en : zh)[key], values);
}

/** The zh-CN texts, for the handlers that run outside React. */
export const ZH = zh;

/** The texts outside React (after a save), in the language the user chose. */
export const textsFor = (english: boolean) => (key: TextKey, values?: Record<string, string | number>) => fill((english ? en : zh)[key], values);
