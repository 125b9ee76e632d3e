import Decimal from 'decimal.js';
import { checkMonth, type PlanChartDay, type PlanChartTotals } from '@wb/protocol';

/**
 * The day plan's control and the fulfilment figures, without a database. A day plan (日计划) caps
 * what a customer may take of a material on a day in tons and in trips; what counts against it is
 * read under the plan's row lock (quota.ts) and judged here.
 */

/** An audited day plan as the refusal names it. */
export interface DayQuota {
  customerName: string;
  materialName: string;
  /** the plant day, yyyy-MM-dd */
  day: string;
  tons: string;
  trips: number;
}

/** What already counts against the quota: registries holding that day and the day's other tickets. */
export interface DayUse {
  tons: string;
  trips: number;
}

/** Tons as the plant says them: the stored figure without trailing zeros (95.5000 -> 95.5). */
export const tonsText = (value: string | number): string => new Decimal(value).toFixed();

/**
 * Whether one more truck with this pre-load fits the quota: the tons and the trips each stay within
 * the plan (reaching it exactly is allowed). Null when it fits, else the refusal naming the quota and
 * what is used.
 */
export function dayPlanRefusal(quota: DayQuota, used: DayUse, truckTons: string): string | null {
  const tonsAfter = new Decimal(used.tons).plus(truckTons);
  const fits = tonsAfter.lte(quota.tons) && used.trips + 1 <= quota.trips;
  if (fits) return null;
  return `超出日计划：客户 ${quota.customerName} 物料 ${quota.materialName} ${quota.day} `
    + `计划 ${tonsText(quota.tons)} 吨 / ${quota.trips} 车，已用 ${tonsText(used.tons)} 吨 / ${used.trips} 车，本车 ${tonsText(truckTons)} 吨`;
}

/** A plan month typed as yyyy-MM; null when valid. */
export function monthProblem(text: string): string | null {
  const checked = checkMonth(text);
  return checked.ok ? null : `计划月份${checked.reason}`;
}

/** One day of the month's chart. */
export type ChartDay = PlanChartDay;

/** Every day of the month, in order: the days without a plan or a truck are there as zeros, so the axis has no gaps. */
export function monthChart(month: string, rows: ChartDay[]): ChartDay[] {
  const [year, mon] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = `${month}-${String(i + 1).padStart(2, '0')}`;
    const r = byDay.get(day);
    return {
      day,
      planTons: tonsText(r?.planTons ?? 0), planTrips: r?.planTrips ?? 0,
      usedTons: tonsText(r?.usedTons ?? 0), usedTrips: r?.usedTrips ?? 0,
    };
  });
}

/**
 * The month summed for the chart's heading: the day plans, what was used, and the share done of the
 * monthly plan (of the day plans where the month has no audited monthly plan), 0 of a plan of nothing.
 */
export function monthTotals(days: ChartDay[], monthTons: string): PlanChartTotals {
  const sum = (pick: (d: ChartDay) => string) => days.reduce((a, d) => a.plus(pick(d)), new Decimal(0));
  const dayTons = sum((d) => d.planTons);
  const usedTons = sum((d) => d.usedTons);
  const base = new Decimal(monthTons).isZero() ? dayTons : new Decimal(monthTons);
  return {
    dayTons: dayTons.toFixed(), dayTrips: days.reduce((a, d) => a + d.planTrips, 0),
    usedTons: usedTons.toFixed(), usedTrips: days.reduce((a, d) => a + d.usedTrips, 0),
    donePercent: base.isZero() ? '0.00' : usedTons.times(100).div(base).toFixed(2),
  };
}

/** A month's audited day plans (its tasks) against its audited monthly plan. */
export interface MonthTasks {
  planNo: string;
  month: string;
  dayTons: string;
  dayTrips: number;
  monthTons: string;
  monthTrips: number;
}

/**
 * The day plans are the month's plan broken into days; a plant moves tons between days and
 * months, so tasks summing past the month are let through with a warning, not refused.
 */
export function monthTaskWarning(t: MonthTasks): string | null {
  if (new Decimal(t.dayTons).lte(t.monthTons) && t.dayTrips <= t.monthTrips) return null;
  return `日计划 ${t.planNo}：${t.month} 日计划合计 ${tonsText(t.dayTons)} 吨 / ${t.dayTrips} 车，超出月计划 ${tonsText(t.monthTons)} 吨 / ${t.monthTrips} 车`;
}
