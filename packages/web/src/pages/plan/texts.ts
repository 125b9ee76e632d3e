import { useEnglish } from '@/i18n/useEnglish';

const zh = {
  title: '计划执行图', month: '月份', planTons: '计划吨数', usedTons: '已用吨数', planTrips: '计划车数', usedTrips: '已用车数',
  tons: '吨', trips: '车', monthPlan: '月计划', dayPlans: '日计划合计', used: '已执行', done: '完成率',
};
type Texts = typeof zh;
const en: Texts = {
  title: 'Plan chart', month: 'Month', planTons: 'Planned tons', usedTons: 'Used tons', planTrips: 'Planned trips', usedTrips: 'Used trips',
  tons: 't', trips: 'trips', monthPlan: 'Monthly plan', dayPlans: 'Day plans', used: 'Used', done: 'Done',
};

export function usePlanTexts(): Texts {
  return useEnglish() ? en : zh;
}
export type PlanTexts = Texts;
