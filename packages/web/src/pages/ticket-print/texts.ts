import type { TicketPrintLayout } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the print page, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  page: '磅单打印', print: '打印', pdf: '下载PDF', refresh: '刷新', oneRow: '请选择一张磅单', unit: '单位', deductTotal: '扣重合计',
  deductList: '扣重明细', remark: '备注', signature: '司机签字', reprint: '补打', printed: '已打印', useButton: '请使用页面上的“打印”按钮打印，打印会计入打印次数',
  item: '项目', weight: '重量', time: '时间', notFound: '磅单不存在', back: '关闭',
};
type Texts = typeof zh;
const en: Texts = {
  page: 'Print weigh ticket', print: 'Print', pdf: 'Download PDF', refresh: 'Refresh', oneRow: 'Select one ticket', unit: 'Unit', deductTotal: 'Deductions',
  deductList: 'Deduction items', remark: 'Remark', signature: 'Driver signature', reprint: 'Reprint', printed: 'Printed', useButton: 'Use the Print button on the page: each print is counted',
  item: 'Item', weight: 'Weight', time: 'Time', notFound: 'Ticket not found', back: 'Close',
};

export type TicketPrintTextKey = keyof Texts;
export const TICKET_PRINT_ZH = zh;

const STATE_EN: Record<string, string> = { 车辆重出: 'Left loaded', 车辆空出: 'Left empty', 一次过磅: 'First weighing', 已确认: 'Confirmed' };

/** The layout's own words (title, count, state) in the page's language; the figures never change. */
export function layoutWords(l: TicketPrintLayout, english: boolean) {
  const state = l.closedAs ?? (l.slip ? l.stateLabel : null);
  if (!english) return { title: l.title, count: l.printLabel, state, unit: l.unit };
  const count = l.preview ? (l.printCount === 0 ? 'Not printed yet' : `Printed ${l.printCount} time(s)`) : `Print no. ${l.printCount}`;
  return { title: `${l.company} ${l.kindTitleEn}`, count, state: state ? (STATE_EN[state] ?? state) : null, unit: l.unitEn };
}

export function useTicketPrintTexts(): { t: (key: TicketPrintTextKey) => string; english: boolean } {
  const english = useEnglish();
  return { t: (key) => (english ? en : zh)[key], english };
}
