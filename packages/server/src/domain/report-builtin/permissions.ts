/**
 * The rights of the built-in reports (报表中心): each report's leaf carries a 查看 button with its
 * key, granted to the roles that read it; the report loader checks the dataset's key for a
 * built-in report.
 */
export const REPORT_BUILTIN_PERMISSIONS = {
  daily: 'report_daily_view',
  monthly: 'report_monthly_view',
  yearly: 'report_yearly_view',
  stock: 'report_stock_view',
  money: 'report_money_view',
  freight: 'report_freight_view',
  operator: 'report_operator_view',
} as const;
