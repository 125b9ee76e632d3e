import { useEnglish } from '@/i18n/useEnglish';

const zh = {
  title: '集团驾驶舱', day: '日期', updated: '更新于', plant: '公司', inPlant: '在厂车辆', today: '今日吨数', month: '本月吨数',
  stock: '库存(吨)', receipts: '收款(元)', consumed: '消费(元)', unsettled: '未结算(元)', interventions: '待处理干预', approvals: '待审批',
  open: '进入', current: '当前公司', notMember: '您不属于该公司', tonsChart: '今日吨数（按业务类型）', moneyChart: '资金（元）', stockChart: '库存（按物料分类）',
  total: '合计', failed: '集团驾驶舱读取失败',
};
type Texts = typeof zh;
const en: Texts = {
  title: 'Group cockpit', day: 'Day', updated: 'Updated', plant: 'Company', inPlant: 'Trucks in plant', today: 'Tons today', month: 'Tons this month',
  stock: 'Stock (t)', receipts: 'Receipts (yuan)', consumed: 'Consumption (yuan)', unsettled: 'Unsettled (yuan)', interventions: 'Open interventions', approvals: 'Open approvals',
  open: 'Open', current: 'Current company', notMember: 'You do not belong to this company', tonsChart: 'Tons today by kind', moneyChart: 'Money (yuan)', stockChart: 'Stock by material class',
  total: 'Total', failed: 'The group cockpit could not be read',
};

export function useCockpitTexts(): Texts {
  return useEnglish() ? en : zh;
}
export type CockpitTexts = Texts;
