import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { AlertRule } from './rules';

/**
 * Each rule of the 预警中心 with its name, when it runs (as a weighing completes, or by the nightly
 * job over the history) and the thresholds it takes by default. A company's row of
 * wb_alert_setting switches a rule off or overrides some of its keys; a key it leaves out takes
 * the default here, so a better default reaches every company that did not choose its own.
 */

export type SettingValue = number | boolean | string;

export interface AlertRuleDecl {
  rule: AlertRule;
  label: string;
  labelEn: string;
  when: 'WEIGHING' | 'NIGHTLY';
  defaults: Record<string, SettingValue>;
}

export const ALERT_RULES: readonly AlertRuleDecl[] = [
  { rule: 'TARE_DRIFT', label: '皮重偏离', labelEn: 'Tare off its history', when: 'WEIGHING',
    defaults: { lastN: 20, minHistory: 5, threshold: 3.5, minSpreadKg: 50 } },
  { rule: 'GROSS_OVER_RATED', label: '毛重超核定', labelEn: 'Gross over the rated mass', when: 'WEIGHING',
    defaults: { tolerancePercent: 5 } },
  // a truck's load varies by a few percent (~800 kg on 25 t) and the MAD of a few nets is noisy: below a
  // spread of 1000 kg the clean trucks of the generated plant raised (bench/alert-recall.ts)
  { rule: 'NET_UNUSUAL', label: '净重异常', labelEn: 'Net off its usual', when: 'WEIGHING',
    defaults: { lastN: 20, minHistory: 5, threshold: 3.5, minSpreadKg: 1000 } },
  { rule: 'SAME_WEIGHT', label: '重量雷同', labelEn: 'Same weight on different trucks', when: 'NIGHTLY',
    defaults: { days: 1, windowMinutes: 30, minTrucks: 3, minKg: 1000 } },
  { rule: 'OPERATOR_OUTLIER', label: '操作员异常', labelEn: 'Operator off the peers', when: 'NIGHTLY',
    defaults: { days: 30, minTotal: 50, threshold: 3.5, minSpreadRate: 0.01 } },
  { rule: 'OUT_OF_HOURS', label: '非作业时间过磅', labelEn: 'Weighed out of hours', when: 'WEIGHING',
    defaults: { from: '06:00', to: '22:00' } },
  { rule: 'REWEIGHED_SOON', label: '短时重复过磅', labelEn: 'Weighed again soon', when: 'WEIGHING',
    defaults: { withinMinutes: 30 } },
  { rule: 'OTHER_SCALE', label: '异磅二次过磅', labelEn: 'Second weighing on another scale', when: 'WEIGHING',
    defaults: { forbid: false } },
  { rule: 'DWELL_UNUSUAL', label: '在磅时间异常', labelEn: 'Time on the scale unusual', when: 'WEIGHING',
    defaults: { lastN: 50, minHistory: 10, threshold: 3.5, minSpreadSeconds: 10 } },
  { rule: 'READING_JUMP', label: '读数跳变', labelEn: 'Stable reading jumps', when: 'WEIGHING',
    defaults: { settleKg: 20, minLoadKg: 1000, minStepKg: 200, minPlateau: 3, maxStepShare: 0.25 } },
];

/** What each key means, for the settings form and the messages naming it. */
export const SETTING_FIELDS: Record<string, { label: string; labelEn: string; min?: number; max?: number; integer?: boolean; time?: boolean }> = {
  lastN: { label: '历史取最近车次', labelEn: 'History: last N', min: 1, max: 500, integer: true },
  minHistory: { label: '最少历史车次', labelEn: 'Least history', min: 1, max: 500, integer: true },
  threshold: { label: '稳健分数阈值', labelEn: 'Robust score threshold', min: 0.5, max: 100 },
  minSpreadKg: { label: '最小离散度(kg)', labelEn: 'Least spread (kg)', min: 1, max: 100_000 },
  minSpreadSeconds: { label: '最小离散度(秒)', labelEn: 'Least spread (s)', min: 1, max: 86_400 },
  minSpreadRate: { label: '最小离散比例', labelEn: 'Least spread (share)', min: 0.0001, max: 1 },
  tolerancePercent: { label: '容差(%)', labelEn: 'Tolerance (%)', min: 0, max: 100 },
  days: { label: '统计天数', labelEn: 'Days looked at', min: 1, max: 366, integer: true },
  windowMinutes: { label: '时间窗(分钟)', labelEn: 'Window (minutes)', min: 1, max: 10_080, integer: true },
  minTrucks: { label: '最少车辆数', labelEn: 'Least trucks', min: 2, max: 100, integer: true },
  minKg: { label: '最小重量(kg)', labelEn: 'Least weight (kg)', min: 0, max: 1_000_000, integer: true },
  minTotal: { label: '最少过磅车次', labelEn: 'Least weighings', min: 1, max: 1_000_000, integer: true },
  from: { label: '作业开始时间', labelEn: 'Hours from', time: true },
  to: { label: '作业结束时间', labelEn: 'Hours to', time: true },
  withinMinutes: { label: '间隔(分钟)', labelEn: 'Within (minutes)', min: 1, max: 1440, integer: true },
  forbid: { label: '禁止异磅', labelEn: 'Forbid another scale' },
  settleKg: { label: '稳定带宽(kg)', labelEn: 'Settle band (kg)', min: 0, max: 10_000 },
  minLoadKg: { label: '最小载荷(kg)', labelEn: 'Least load (kg)', min: 0, max: 1_000_000 },
  minStepKg: { label: '最小跳变(kg)', labelEn: 'Least step (kg)', min: 1, max: 1_000_000 },
  minPlateau: { label: '跳变前稳定读数个数', labelEn: 'Readings held before', min: 1, max: 1000, integer: true },
  maxStepShare: { label: '跳变最大占比', labelEn: 'Largest step share', min: 0.01, max: 1 },
};

export const ALERT_RULE_KEYS = ALERT_RULES.map((r) => r.rule);
export const isAlertRule = (v: unknown): v is AlertRule => typeof v === 'string' && (ALERT_RULE_KEYS as string[]).includes(v);
export const ruleDecl = (rule: AlertRule): AlertRuleDecl => ALERT_RULES.find((r) => r.rule === rule)!;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:MM' to minutes of the day. */
export const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export type ParsedSettings = { ok: true; settings: Record<string, SettingValue> } | { ok: false; field: string; message: string };

/**
 * A company's settings of one rule as typed on the form: an object of the rule's own keys, each of
 * its default's type and in range. Answers the keys given (a key left out keeps following the
 * default), or the first field at fault with a zh-CN message naming it.
 */
export function parseSettings(rule: AlertRule, input: unknown): ParsedSettings {
  const decl = ALERT_RULES.find((r) => r.rule === rule);
  if (!decl) return { ok: false, field: 'rule', message: `预警规则 ${String(rule)} 不存在` };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, field: 'settings', message: '规则参数(settings)必须是对象' };
  }
  const settings: Record<string, SettingValue> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!(key in decl.defaults)) return { ok: false, field: key, message: `规则「${decl.label}」没有参数 ${key}` };
    const parsed = parseValue(key, decl.defaults[key], value);
    if (typeof parsed === 'string') return { ok: false, field: key, message: parsed };
    settings[key] = parsed.value;
  }
  const merged = { ...decl.defaults, ...settings };
  if (rule === 'OUT_OF_HOURS' && merged.from === merged.to) {
    return { ok: false, field: 'to', message: `${SETTING_FIELDS.to.label}(to)不能与${SETTING_FIELDS.from.label}(from)相同` };
  }
  if ('minHistory' in merged && 'lastN' in merged && Number(merged.minHistory) > Number(merged.lastN)) {
    return { ok: false, field: 'minHistory', message: `${SETTING_FIELDS.minHistory.label}(minHistory)不能大于${SETTING_FIELDS.lastN.label}(lastN)` };
  }
  return { ok: true, settings };
}

/** One value against its default's type and the field's range: the value, or the zh-CN message. */
function parseValue(key: string, fallback: SettingValue, value: unknown): { value: SettingValue } | string {
  const f = SETTING_FIELDS[key];
  const name = `${f?.label ?? key}(${key})`;
  if (typeof fallback === 'boolean') return typeof value === 'boolean' ? { value } : `${name}必须是是/否(true/false)`;
  if (typeof fallback === 'string') {
    if (typeof value !== 'string' || (f?.time && !HHMM.test(value))) return `${name}必须是 HH:MM 格式的时间`;
    return { value };
  }
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return `${name}必须是数字`;
  if (f?.integer && !Number.isInteger(n)) return `${name}必须是整数`;
  if (f?.min !== undefined && n < f.min) return `${name}不能小于 ${f.min}`;
  if (f?.max !== undefined && n > f.max) return `${name}不能大于 ${f.max}`;
  return { value: n };
}

export interface RuleSettings { enabled: boolean; settings: Record<string, any> }

/**
 * Every rule's settings for a company: its rows of wb_alert_setting over the defaults. A stored key
 * that no longer parses (a rule's keys changed since) is left to the default rather than trusted.
 */
export async function settingsFor(db: Kysely<DB> | Transaction<DB>, orgId: string): Promise<Map<AlertRule, RuleSettings>> {
  const rows = await db.selectFrom('wb_alert_setting').select(['rule', 'enabled', 'settings']).where('org_id', '=', orgId).execute();
  const stored = new Map(rows.map((r) => [r.rule, r]));
  return new Map(ALERT_RULES.map((decl) => {
    const row = stored.get(decl.rule);
    return [decl.rule, { enabled: row?.enabled ?? true, settings: { ...decl.defaults, ...validKeys(decl.rule, row?.settings) } }];
  }));
}

function validKeys(rule: AlertRule, stored: Record<string, unknown> | undefined): Record<string, SettingValue> {
  if (!stored) return {};
  const kept: Record<string, SettingValue> = {};
  const defaults = ruleDecl(rule).defaults;
  for (const [key, value] of Object.entries(stored)) {
    const one = key in defaults ? parseValue(key, defaults[key], value) : 'unknown';
    if (typeof one !== 'string') kept[key] = one.value;
  }
  return kept;
}
