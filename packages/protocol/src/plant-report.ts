import { z } from 'zod';
import { plantDate } from './dates';
import { ID_PATTERN } from './id';
import { WEIGH_KIND_NAMES, WEIGH_KINDS } from './weigh-kinds';

/**
 * The plant at a glance (spec: "Company and dashboard", the layout-less report pages): the home
 * counts and chart, the live vehicles in the plant, and the team reports. One company's figures:
 * the server answers for the caller's current organisation.
 */

/** 首页统计: trips planned, trucks in the plant, trucks between their weighings, and what looks wrong. */
export interface HomeCounts {
  /** audited registries whose truck has not come in yet */
  planned: number;
  /** trucks through the gate and not out again */
  inPlant: number;
  /** tickets weighed once and not completed */
  weighing: number;
  /** overstay + warned */
  errors: number;
  /** trucks in the plant longer than overstayHours */
  overstay: number;
  /** tickets weighed today whose weighings raised a warning */
  warned: number;
  overstayHours: number;
}

/** Trucks in and out through the gate per hour of today, by kind of movement. */
export interface VehicleChart {
  day: string;
  series: { kind: string; direction: 'IN' | 'OUT'; counts: number[] }[];
}

/** A truck in the plant, as the live page lists it. */
export interface LiveVehicle {
  registryId: string;
  registryNo: string;
  kind: string;
  plateNumber: string;
  tripState: 'ENTERED' | 'WEIGHING';
  enteredAt: string | null;
  driverName: string | null;
  materialName: string | null;
  counterparty: string | null;
  ticketNo: string | null;
  ticketState: string | null;
  gross: string | null;
  tare: string | null;
}

/** The live stream's events (text/event-stream): the whole list on connect, then changes. */
export type LiveEvent =
  | { type: 'snapshot'; vehicles: LiveVehicle[] }
  | { type: 'upsert'; vehicle: LiveVehicle }
  | { type: 'remove'; registryId: string }
  /** a lane's manual-intervention request was made or answered (the 远程干预 queue reloads) */
  | { type: 'intervention'; id: string; state: string };

export const LIVE_VEHICLES_PATH = '/api/live/vehicles';

const day = plantDate;

/** Longest range one team report covers: a year of days. */
export const TEAM_REPORT_DAYS_MAX = 366;

/** The conditions of a team report (班组报表条件); the daily report gives one day as from and to. */
export const teamReportQuery = z.strictObject({
  from: day('开始日期'),
  to: day('结束日期'),
  team: z.coerce.number().int().positive().optional(),
  kind: z.enum(WEIGH_KINDS, { error: '业务类型不正确' }).optional(),
  materialId: z.string().regex(ID_PATTERN, '物料应为数字编号').optional(),
});
export type TeamReportQuery = z.infer<typeof teamReportQuery>;

export interface TeamInfo {
  seq: number;
  name: string;
  nameEn: string | null;
  start: string;
  end: string;
}

export interface TeamReportRow {
  team: number;
  kind: string;
  materialId: string | null;
  materialName: string | null;
  counterparty: string | null;
  trips: number;
  /** tons, decimal string */
  net: string;
}

export interface TeamReport {
  from: string;
  to: string;
  teams: TeamInfo[];
  rows: TeamReportRow[];
  /** per team, in team order; a team without trips shows 0 */
  teamTotals: { team: number; trips: number; net: string }[];
  total: { trips: number; net: string };
}

/** A company's teams as the configuration call takes them. */
export const teamsBody = z.strictObject({
  teams: z.array(z.strictObject({
    name: z.string().trim().min(1, '班组名称不能为空').max(20, '班组名称最长20个字'),
    nameEn: z.string().trim().max(40).nullish(),
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '开始时间格式应为HH:mm'),
    end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '结束时间格式应为HH:mm'),
  })).min(1, '至少需要一个班组').max(6, '班组最多6个'),
});

/** The kinds of a trip through the gate (registries): st is every other weighing, in or out. */
export const TRIP_KIND_NAMES: Record<string, { zh: string; en: string }> = {
  ...WEIGH_KIND_NAMES,
  st: { zh: '其他', en: 'Other' },
};
