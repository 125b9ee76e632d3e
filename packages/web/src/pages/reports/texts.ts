import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the plant's report pages and home figures, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  teamConditions: '班组报表条件', teamReport: '班组报表', dayConditions: '班组日报条件', dayReport: '班组日报', live: '厂内车辆实时统计',
  dateRange: '日期范围', day: '日期', team: '班组', kind: '业务类型', material: '物料', all: '全部', query: '查询', reset: '重置',
  exportExcel: '导出Excel', back: '返回条件', chooseDates: '请选择日期范围', chooseDay: '请选择日期', materialSearch: '输入物料名称或编码',
  columns: { team: '班组', kind: '业务类型', material: '物料', counterparty: '客商', trips: '车数', net: '净重(吨)' },
  subtotal: '{{team}}小计', total: '合计', empty: '暂无数据', period: '{{from}} 至 {{to}}', teamHours: '{{start}}-{{end}}',
  exported: '导出成功',
  liveColumns: { plate: '车牌号', kind: '业务类型', state: '状态', material: '物料', counterparty: '客商', driver: '司机', enteredAt: '入厂时间', ticket: '磅单号', gross: '毛重', tare: '皮重' },
  tripStates: { ENTERED: '已入厂', WEIGHING: '过磅中' } as Record<string, string>,
  ticketStates: { FIRST_WEIGHED: '一次过磅', CONFIRMED: '已确认', COMPLETED: '已完成', AUDITED: '已审核', POSTED: '已记账', CLOSED: '已关闭' } as Record<string, string>,
  connected: '实时连接', reconnecting: '连接中断，正在重连…', inPlant: '厂内车辆', updatedAt: '更新于 {{time}}',
  noPermission: '您没有查看该报表的权限',
  teamSetup: '班组设置', teamName: '班组名称', teamNameEn: '英文名称', start: '开始时间', end: '结束时间', addTeam: '添加班组', remove: '删除',
  teamRule: '按一天的顺序填写，每个班组从上一班组结束时开始，合计覆盖24小时；跨零点的班组计入开始当天。', teamNameRequired: '请输入班组名称', timeRequired: '请选择时间', saved: '保存成功',
};
type Texts = typeof zh;

const en: Texts = {
  teamConditions: 'Team report conditions', teamReport: 'Team report', dayConditions: 'Team daily report conditions', dayReport: 'Team daily report', live: 'Vehicles in plant (live)',
  dateRange: 'Dates', day: 'Day', team: 'Team', kind: 'Kind', material: 'Material', all: 'All', query: 'Show', reset: 'Reset',
  exportExcel: 'Export to Excel', back: 'Back to conditions', chooseDates: 'Choose the dates', chooseDay: 'Choose the day', materialSearch: 'Material name or code',
  columns: { team: 'Team', kind: 'Kind', material: 'Material', counterparty: 'Counterparty', trips: 'Trips', net: 'Net (t)' },
  subtotal: '{{team}} subtotal', total: 'Total', empty: 'No data', period: '{{from}} to {{to}}', teamHours: '{{start}}-{{end}}',
  exported: 'Exported',
  liveColumns: { plate: 'Plate', kind: 'Kind', state: 'State', material: 'Material', counterparty: 'Counterparty', driver: 'Driver', enteredAt: 'Entered', ticket: 'Ticket', gross: 'Gross', tare: 'Tare' },
  tripStates: { ENTERED: 'In the plant', WEIGHING: 'Weighing' },
  ticketStates: { FIRST_WEIGHED: 'First weighed', CONFIRMED: 'Confirmed', COMPLETED: 'Completed', AUDITED: 'Audited', POSTED: 'Posted', CLOSED: 'Closed' },
  connected: 'Live', reconnecting: 'Connection lost, reconnecting…', inPlant: 'Vehicles in plant', updatedAt: 'Updated {{time}}',
  noPermission: 'You may not see this report',
  teamSetup: 'Teams', teamName: 'Team name', teamNameEn: 'English name', start: 'Starts', end: 'Ends', addTeam: 'Add a team', remove: 'Remove',
  teamRule: 'In the order of the day: each team starts when the one before ends, 24 hours in all; a team past midnight counts for the day it starts.', teamNameRequired: 'Name the team', timeRequired: 'Choose the time', saved: 'Saved',
};

export type ReportTexts = Texts;

export function useReportTexts(): Texts {
  return useEnglish() ? en : zh;
}

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
