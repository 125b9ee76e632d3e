import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf, type MenuSeed } from '../../platform/menu/define';
import { freightDataset, moneyDataset, operatorDataset, stockDataset } from './ledgers';
import { REPORT_BUILTIN_PERMISSIONS as P } from './permissions';
import { BUILTIN_REPORTS, BUILTIN_ROLES, REPORT_ROLES } from './reports';
import { weighDaySummaryCheck } from './consistency-repo';
import { weighSealJob } from './seal-job';
import { dailyDataset, monthlyDataset, yearlyDataset } from './weighing';

type Code = keyof typeof REPORT_ROLES;

/** A built-in report's leaf: the report viewer at /reportforms/<code>, its 查看 right granted to the report's roles. */
const reportLeaf = (code: Code, name: string, en: string, extra: MenuSeed['buttons'] = []): MenuSeed => {
  const roles = [...REPORT_ROLES[code]];
  return leaf(name, en, `/reportforms/${code}`, roles, {
    component: 'reports/view',
    buttons: [{ name: '查看', en: 'View', permission: P[code], roles }, ...extra],
  });
};

/**
 * The built-in reports of 报表中心: the weighing day, month and year, stock, sales and purchase
 * money, freight and the operators' work, each a dataset (platform/reports/dataset.ts) with its
 * report definition and its leaf. The report centre pages, totals, groups, charts, prints and
 * exports them.
 */
export const reportBuiltinModule = defineModule({
  key: 'report-builtin',
  depends: ['weighing', 'stock', 'freight', 'settlement', 'lane'],
  datasets: [dailyDataset, monthlyDataset, yearlyDataset, stockDataset, moneyDataset, freightDataset, operatorDataset],
  reports: BUILTIN_REPORTS,
  // the weighing summary of the sealed days (migration 082): sealed nightly, checked against its tickets
  jobs: [weighSealJob],
  checks: [weighDaySummaryCheck],
  menu: [{
    area: '/reportforms',
    leaves: [
      reportLeaf('daily', '过磅日报', 'Daily weighing report', [
        // the home page's counts and gate chart are read with this right (not the lab's: the chart names the trucks by plate)
        { name: '首页统计', en: 'Plant counts', permission: 'report_home_view', roles: [BUILTIN_ROLES.operator, BUILTIN_ROLES.accountant] },
      ]),
      reportLeaf('monthly', '过磅月报', 'Monthly weighing summary'),
      reportLeaf('yearly', '过磅年报', 'Yearly weighing summary'),
      reportLeaf('stock', '库存报表', 'Stock report'),
      reportLeaf('money', '销售采购金额', 'Sales and purchase money'),
      reportLeaf('freight', '运费报表', 'Freight report'),
      reportLeaf('operator', '司磅员报表', 'Operator report'),
    ],
  }],
});
