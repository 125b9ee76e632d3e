/**
 * 预警中心 (server domain/alert): what the reviewer's screens read. An alert is raised by a rule
 * over the weighings (the rule's code stays on the wire; the screens show its label), worked by a
 * reviewer (assigned, commented) and closed with a finding.
 */

export const ALERT_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_STATUSES = ['OPEN', 'ASSIGNED', 'CLOSED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_FINDINGS = ['FRAUD', 'ERROR', 'NORMAL'] as const;
export type AlertFinding = (typeof ALERT_FINDINGS)[number];

/** The words of the codes, zh-CN and English: the screens never show a code. */
export const ALERT_SEVERITY_WORDS: Record<AlertSeverity, [string, string]> = { HIGH: ['高', 'High'], MEDIUM: ['中', 'Medium'], LOW: ['低', 'Low'] };
export const ALERT_STATUS_WORDS: Record<AlertStatus, [string, string]> = { OPEN: ['待处理', 'Open'], ASSIGNED: ['处理中', 'Assigned'], CLOSED: ['已关闭', 'Closed'] };
export const ALERT_FINDING_WORDS: Record<AlertFinding, [string, string]> = { FRAUD: ['舞弊', 'Fraud'], ERROR: ['差错', 'Error'], NORMAL: ['正常', 'Normal'] };

export const ALERT_PERMISSIONS = { view: 'alert_view', handle: 'alert_handle', settings: 'alert_settings', report: 'alert_report' } as const;
export const ALERT_PATHS = { list: '/weigh/alert', settings: '/weigh/alert-setting', report: '/reportforms/alert' } as const;

export interface AlertRow {
  id: string;
  rule: string; ruleLabel: string; ruleLabelEn: string;
  severity: AlertSeverity; status: AlertStatus; finding: AlertFinding | null;
  message: string; plate: string | null;
  ticketId: string | null; ticketNo: string | null;
  operatorId: string | null; operatorName: string | null;
  partyKind: 'VENDOR' | 'CUSTOMER' | null; partyId: string | null; partyName: string | null;
  assigneeId: string | null; assigneeName: string | null;
  occurredAt: string; createdAt: string; version: number;
}

export interface AlertList { list: AlertRow[]; total: number }

export interface AlertTicket {
  id: string; kind: string; ticketNo: string; plate: string; state: string;
  gross: string | null; tare: string | null; net: string | null;
  grossTime: string | null; tareTime: string | null; completedAt: string | null;
  operatorName: string | null; materialName: string | null; partyName: string | null;
  pictures: { fileId: string; reading: string; weighedAt: string }[];
}

export interface AlertComment { id: string; userName: string | null; body: string; createdAt: string }

export interface AlertDetail extends AlertRow {
  evidence: Record<string, unknown>;
  source: 'WEIGHING' | 'NIGHTLY';
  findingNote: string | null; closedAt: string | null; closedByName: string | null; assignedAt: string | null;
  tickets: AlertTicket[];
  /** READING_JUMP: the station's readings before the stable one (kg, ms) */
  readings: { at: number; kg: number }[];
  comments: AlertComment[];
}

/** 首页: the company's open alerts (not closed) by severity. */
export type AlertCounts = Record<AlertSeverity, number> & { total: number };

export interface AlertRuleSetting {
  rule: string; label: string; labelEn: string; when: 'WEIGHING' | 'NIGHTLY';
  enabled: boolean;
  defaults: Record<string, number | boolean | string>;
  /** the company's values over the defaults */
  settings: Record<string, unknown>;
  /** the form's fields: each key of the defaults with its words and bounds */
  fields: { key: string; label: string; labelEn: string; kind: 'number' | 'boolean' | 'time'; min?: number; max?: number; integer?: boolean }[];
  version: number;
}
