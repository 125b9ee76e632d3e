import { ALERT_FINDING_WORDS, ALERT_SEVERITY_WORDS, ALERT_STATUS_WORDS, type AlertFinding, type AlertSeverity, type AlertStatus } from '@wb/protocol';

/** The words and colours of an alert's codes: the screens show these, never the code. */
export const SEVERITY_COLORS: Record<AlertSeverity, string> = { HIGH: 'red', MEDIUM: 'orange', LOW: 'blue' };
export const STATUS_COLORS: Record<AlertStatus, string> = { OPEN: 'error', ASSIGNED: 'processing', CLOSED: 'default' };
export const FINDING_COLORS: Record<AlertFinding, string> = { FRAUD: 'red', ERROR: 'gold', NORMAL: 'green' };

const pick = (pair: [string, string], english: boolean) => (english ? pair[1] : pair[0]);
export const severityWord = (s: AlertSeverity, english: boolean) => pick(ALERT_SEVERITY_WORDS[s], english);
export const statusWord = (s: AlertStatus, english: boolean) => pick(ALERT_STATUS_WORDS[s], english);
export const findingWord = (f: AlertFinding, english: boolean) => pick(ALERT_FINDING_WORDS[f], english);
export const ruleWord = (r: { ruleLabel: string; ruleLabelEn: string }, english: boolean) => (english ? r.ruleLabelEn : r.ruleLabel);
