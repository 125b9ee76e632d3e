/**
 * The plan chart (销售计划执行图): GET /api/sale/plan/chart?month=yyyy-MM[&customerId][&materialId]
 * answers every day of the month with its audited day plans and what was used (registries
 * holding that day and the day's other completed tickets), and the month's audited monthly plans.
 * Tons are decimal strings without trailing zeros.
 */
export interface PlanChartDay {
  day: string;
  planTons: string;
  planTrips: number;
  usedTons: string;
  usedTrips: number;
}

/** The month summed: its day plans, what was used, and the share of the monthly plan done (of the day plans without one). */
export interface PlanChartTotals {
  dayTons: string;
  dayTrips: number;
  usedTons: string;
  usedTrips: number;
  /** percent to two decimals; 0.00 of a plan of nothing */
  donePercent: string;
}

export interface PlanChart {
  month: string;
  monthPlan: { tons: string; trips: number };
  days: PlanChartDay[];
  totals: PlanChartTotals;
}

/** The right the fulfilment list and the chart are read with. */
export const PLAN_FULFILMENT_PERMISSION = 'sale_plan_fulfilment_view';
