import { type ReportColumn, type ReportDefinition, reportDefinitionSchema } from '@wb/protocol';

/**
 * The built-in reports (报表中心): a definition over each built-in dataset, read-only; the report
 * designer copies one to make a company's own. Checked by the definitions' schema when the module
 * loads, so a broken one stops the start rather than a reader's page.
 */

export const BUILTIN_ROLES = {
  operator: 'ROLE_OPERATOR',
  accountant: 'ROLE_ACCOUNTANT',
  salesManager: 'ROLE_SALES_MANAGER',
  generalManager: 'ROLE_GENERAL_MANAGER',
} as const;
const { operator: OP, accountant: AC, salesManager: SM, generalManager: GM } = BUILTIN_ROLES;

/** The roles reading each report; the menu leaves grant the same. Not the lab's: these name trucks and parties. */
export const REPORT_ROLES = {
  daily: [OP, AC, SM, GM],
  monthly: [OP, AC, SM, GM],
  yearly: [AC, SM, GM],
  stock: [OP, AC, GM],
  money: [AC, SM, GM],
  freight: [AC, GM],
  // the anti-fraud review reads the operators' work: not the operators themselves
  operator: [AC, GM],
} as const;

const col = (field: string, title: string, titleEn: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, title, titleEn, ...extra });
const num = (field: string, title: string, titleEn: string, head?: string, width = 100): ReportColumn =>
  col(field, title, titleEn, { align: 'right', total: 'sum', width, ...(head ? { head } : {}) });
const pad = (n: number) => String(n).padStart(2, '0');

const weighingGroup = [
  col('kindName', '业务类型', 'Kind', { width: 90 }),
  col('materialName', '物料', 'Material', { width: 140 }),
  col('partyName', '往来单位', 'Party', { width: 200 }),
];

const definitions: unknown[] = [
  {
    code: 'daily',
    name: '过磅日报',
    nameEn: 'Daily weighing report',
    source: { kind: 'dataset', key: 'weighing.daily' },
    columns: [
      ...weighingGroup,
      num('trips', '车数', 'Trips', 'day', 70),
      num('net', '净重(吨)', 'Net (t)', 'day'),
      num('amount', '金额(元)', 'Amount (yuan)', 'day', 120),
      num('prevTrips', '车数', 'Trips', 'prev', 70),
      num('prevNet', '净重(吨)', 'Net (t)', 'prev'),
      num('prevAmount', '金额(元)', 'Amount (yuan)', 'prev', 120),
      num('prevNetChange', '净重增减', 'Net change', 'prev'),
      num('lastMonthTrips', '车数', 'Trips', 'lastMonth', 70),
      num('lastMonthNet', '净重(吨)', 'Net (t)', 'lastMonth'),
      num('lastMonthAmount', '金额(元)', 'Amount (yuan)', 'lastMonth', 120),
      num('lastMonthNetChange', '净重增减', 'Net change', 'lastMonth'),
    ],
    heads: [
      { id: 'day', title: '当日', titleEn: 'The day' },
      { id: 'prev', title: '前一日', titleEn: 'The day before' },
      { id: 'lastMonth', title: '上月同日', titleEn: 'The same day last month' },
    ],
    groupBy: ['kindName'],
    sort: [{ key: 'kind', dir: 'asc' }, { key: 'materialName', dir: 'asc' }, { key: 'partyName', dir: 'asc' }],
    chart: { type: 'bar', x: 'materialName', series: ['net', 'prevNet', 'lastMonthNet'] },
    page: { size: 'A4', orientation: 'landscape', subtitle: '单位：吨、元', footer: '制表人：${userName}' },
    roles: REPORT_ROLES.daily,
  },
  {
    code: 'monthly',
    name: '过磅月报',
    nameEn: 'Monthly weighing summary',
    source: { kind: 'dataset', key: 'weighing.monthly' },
    columns: [
      ...weighingGroup,
      num('trips', '车数', 'Trips', 'month', 70),
      num('net', '净重(吨)', 'Net (t)', 'month'),
      num('amount', '金额(元)', 'Amount (yuan)', 'month', 120),
      ...Array.from({ length: 31 }, (_, k) => num(`d${pad(k + 1)}`, `${k + 1}日`, `${k + 1}`, 'days', 80)),
    ],
    heads: [
      { id: 'month', title: '本月合计', titleEn: 'The month' },
      { id: 'days', title: '每日净重(吨)', titleEn: 'Net by day (t)' },
    ],
    groupBy: ['kindName'],
    sort: [{ key: 'kind', dir: 'asc' }, { key: 'materialName', dir: 'asc' }, { key: 'partyName', dir: 'asc' }],
    chart: { type: 'bar', x: 'materialName', series: ['net'] },
    page: { size: 'A3', orientation: 'landscape', subtitle: '单位：吨、元' },
    roles: REPORT_ROLES.monthly,
  },
  {
    code: 'yearly',
    name: '过磅年报',
    nameEn: 'Yearly weighing summary',
    source: { kind: 'dataset', key: 'weighing.yearly' },
    columns: [
      ...weighingGroup,
      num('trips', '车数', 'Trips', 'year', 70),
      num('net', '净重(吨)', 'Net (t)', 'year'),
      num('amount', '金额(元)', 'Amount (yuan)', 'year', 120),
      ...Array.from({ length: 12 }, (_, k) => [
        num(`m${pad(k + 1)}Trips`, '车数', 'Trips', `m${pad(k + 1)}`, 70),
        num(`m${pad(k + 1)}Net`, '净重', 'Net', `m${pad(k + 1)}`, 90),
      ]).flat(),
    ],
    heads: [
      { id: 'year', title: '全年合计', titleEn: 'The year' },
      ...Array.from({ length: 12 }, (_, k) => ({ id: `m${pad(k + 1)}`, title: `${k + 1}月`, titleEn: `Month ${k + 1}` })),
    ],
    groupBy: ['kindName'],
    sort: [{ key: 'kind', dir: 'asc' }, { key: 'materialName', dir: 'asc' }, { key: 'partyName', dir: 'asc' }],
    chart: { type: 'line', x: 'materialName', series: ['net'] },
    page: { size: 'A3', orientation: 'landscape', subtitle: '单位：吨、元' },
    roles: REPORT_ROLES.yearly,
  },
  {
    code: 'stock',
    name: '库存报表',
    nameEn: 'Stock report',
    source: { kind: 'dataset', key: 'stock.period' },
    columns: [
      col('warehouseName', '仓库', 'Warehouse', { width: 140 }),
      col('materialCode', '物料编码', 'Material code', { width: 110 }),
      col('materialName', '物料', 'Material', { width: 160 }),
      num('opening', '期初', 'Opening', undefined, 120),
      num('quantityIn', '入库', 'In', 'period', 120),
      num('quantityOut', '出库', 'Out', 'period', 120),
      num('closing', '期末', 'Closing', undefined, 120),
    ],
    heads: [{ id: 'period', title: '本期发生', titleEn: 'During the period' }],
    groupBy: ['warehouseName'],
    sort: [{ key: 'warehouseName', dir: 'asc' }, { key: 'materialCode', dir: 'asc' }],
    chart: { type: 'bar', x: 'materialName', series: ['quantityIn', 'quantityOut', 'closing'] },
    page: { size: 'A4', orientation: 'portrait', subtitle: '单位：吨' },
    roles: REPORT_ROLES.stock,
  },
  {
    code: 'money',
    name: '销售采购金额',
    nameEn: 'Sales and purchase money',
    source: { kind: 'dataset', key: 'money.party' },
    columns: [
      col('partyName', '往来单位', 'Party', { width: 200 }),
      col('month', '月份', 'Month', { width: 90 }),
      col('materialName', '物料', 'Material', { width: 140 }),
      num('trips', '车数', 'Trips', 'all', 70),
      num('net', '净重(吨)', 'Net (t)', 'all'),
      num('amount', '金额(元)', 'Amount (yuan)', 'all', 130),
      num('settledTrips', '车数', 'Trips', 'settled', 70),
      num('settledAmount', '金额(元)', 'Amount (yuan)', 'settled', 130),
      num('unsettledTrips', '车数', 'Trips', 'unsettled', 70),
      num('unsettledAmount', '金额(元)', 'Amount (yuan)', 'unsettled', 130),
    ],
    heads: [
      { id: 'all', title: '合计', titleEn: 'All' },
      { id: 'settled', title: '已结算', titleEn: 'Settled' },
      { id: 'unsettled', title: '未结算', titleEn: 'Unsettled' },
    ],
    groupBy: ['partyName'],
    sort: [{ key: 'partyName', dir: 'asc' }, { key: 'month', dir: 'asc' }, { key: 'materialName', dir: 'asc' }],
    chart: { type: 'bar', x: 'partyName', series: ['settledAmount', 'unsettledAmount'] },
    page: { size: 'A4', orientation: 'landscape', subtitle: '单位：吨、元' },
    roles: REPORT_ROLES.money,
  },
  {
    code: 'freight',
    name: '运费报表',
    nameEn: 'Freight report',
    source: { kind: 'dataset', key: 'freight.carrier' },
    columns: [
      col('carrierName', '承运商', 'Carrier', { width: 180 }),
      col('route', '线路', 'Route', { width: 140 }),
      num('trips', '车数', 'Trips', undefined, 70),
      num('tons', '运输吨位', 'Hauled tons', undefined, 110),
      num('freight', '运费(元)', 'Freight (yuan)', undefined, 120),
      num('loss', '途损(吨)', 'Loss (t)', 'loss', 100),
      num('lossCharge', '扣款(元)', 'Charges (yuan)', 'loss', 120),
      num('payable', '应付运费(元)', 'Payable (yuan)', undefined, 130),
    ],
    heads: [{ id: 'loss', title: '途损', titleEn: 'Loss in transit' }],
    groupBy: ['carrierName'],
    sort: [{ key: 'carrierName', dir: 'asc' }, { key: 'route', dir: 'asc' }],
    chart: { type: 'bar', x: 'carrierName', series: ['freight', 'lossCharge'] },
    page: { size: 'A4', orientation: 'landscape', subtitle: '单位：吨、元' },
    roles: REPORT_ROLES.freight,
  },
  {
    code: 'operator',
    name: '司磅员报表',
    nameEn: 'Operator report',
    source: { kind: 'dataset', key: 'weighing.operator' },
    columns: [
      col('operatorName', '司磅员', 'Operator', { width: 110 }),
      col('username', '账号', 'Account', { width: 110 }),
      col('scale', '磅秤', 'Scale', { width: 100 }),
      num('tickets', '磅单数', 'Tickets', 'weigh', 80),
      num('weighings', '过磅次数', 'Weighings', 'weigh', 80),
      num('manualWeighings', '手工录入', 'Typed', 'weigh', 80),
      num('deductions', '笔数', 'Count', 'deduct', 70),
      num('deducted', '吨位', 'Tons', 'deduct', 90),
      num('interventions', '次数', 'Count', 'lane', 70),
      num('approved', '放行', 'Let through', 'lane', 70),
      num('forbidden', '禁止', 'Refused', 'lane', 70),
    ],
    heads: [
      { id: 'weigh', title: '过磅', titleEn: 'Weighing' },
      { id: 'deduct', title: '扣重', titleEn: 'Deductions' },
      { id: 'lane', title: '无人值守干预', titleEn: 'Lane interventions' },
    ],
    groupBy: ['operatorName'],
    sort: [{ key: 'operatorName', dir: 'asc' }, { key: 'scale', dir: 'asc' }],
    chart: { type: 'bar', x: 'operatorName', series: ['manualWeighings', 'deductions', 'interventions'] },
    page: { size: 'A4', orientation: 'landscape' },
    roles: REPORT_ROLES.operator,
  },
];

export const BUILTIN_REPORTS: ReportDefinition[] = definitions.map((d) => reportDefinitionSchema.parse(d));
