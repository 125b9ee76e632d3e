import { useEnglish } from '@/i18n/useEnglish';

const zh = {
  planned: '计划车辆', plannedHint: '已审核、尚未入厂的登记单',
  inPlant: '厂内车辆', inPlantHint: '已入厂、尚未出厂',
  weighing: '在线过磅', weighingHint: '已一次过磅、尚未完成',
  errors: '异常车辆', errorsHint: '在厂超过{{hours}}小时 {{overstay}} 辆，今日过磅提醒 {{warned}} 单',
  chart: '今日车辆进出厂（按小时）', in: '入厂', out: '出厂', live: '厂内车辆实时统计', trucks: '车次',
};
type Texts = typeof zh;
const en: Texts = {
  planned: 'Planned', plannedHint: 'Audited registries not yet in',
  inPlant: 'In plant', inPlantHint: 'Through the gate, not out yet',
  weighing: 'Weighing', weighingHint: 'Weighed once, not completed',
  errors: 'Errors', errorsHint: '{{overstay}} in the plant over {{hours}} h, {{warned}} tickets warned today',
  chart: 'Trucks in and out today (per hour)', in: 'In', out: 'Out', live: 'Vehicles in plant (live)', trucks: 'Trips',
};

export function usePlantTexts(): Texts {
  return useEnglish() ? en : zh;
}
