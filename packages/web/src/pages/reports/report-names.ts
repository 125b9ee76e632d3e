/** The five layout-less report screens (spec section 2), named for the page that stands in for them. */
export const REPORT_NAMES: Record<string, { zh: string; en: string }> = {
  '/conditional/index': { zh: '班组报表条件', en: 'Team report conditions' },
  '/Information/index': { zh: '班组报表展示', en: 'Team report' },
  '/dayConditional/index': { zh: '班组日报条件', en: 'Team daily report conditions' },
  '/dayInformation/index': { zh: '班组日报展示', en: 'Team daily report' },
  '/factoryvehicle/index': { zh: '厂内车辆实时统计', en: 'Vehicles in plant (live)' },
};
