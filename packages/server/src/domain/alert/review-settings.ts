import type { AlertRuleSetting } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import type { Caller } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import { badRequest } from '../../platform/http/errors';
import type { Tx } from '../weighing/repo';
import { ALERT_FAMILY } from './review';
import * as repo from './review-repo';
import { ALERT_RULES, isAlertRule, parseSettings, SETTING_FIELDS } from './settings';

/**
 * 预警设置: each rule with its defaults and the company's own values, and the save of one rule
 * (checked by the rule's own parseSettings: a 400 naming the field). The save locks the company's
 * row of the rule, so two saves at once are applied one after the other.
 */

type Who = Pick<Caller, 'orgId' | 'userId'>;

const fieldsOf = (defaults: Record<string, number | boolean | string>): AlertRuleSetting['fields'] =>
  Object.entries(defaults).map(([key, value]) => {
    const f = SETTING_FIELDS[key];
    const kind = typeof value === 'boolean' ? 'boolean' : typeof value === 'string' ? 'time' : 'number';
    return { key, label: f?.label ?? key, labelEn: f?.labelEn ?? key, kind, ...(f?.min !== undefined ? { min: f.min } : {}), ...(f?.max !== undefined ? { max: f.max } : {}), ...(f?.integer ? { integer: true } : {}) };
  });

export async function ruleSettings(db: Database, who: Who): Promise<AlertRuleSetting[]> {
  const rows = new Map((await repo.settingRows(db, who.orgId)).map((r) => [r.rule, r]));
  return ALERT_RULES.map((decl) => {
    const row = rows.get(decl.rule);
    return {
      rule: decl.rule, label: decl.label, labelEn: decl.labelEn, when: decl.when, defaults: { ...decl.defaults },
      enabled: row?.enabled ?? true, settings: row?.settings ?? {}, fields: fieldsOf(decl.defaults), version: row?.version ?? 0,
    };
  });
}

const shown = (v: unknown) => (v === true ? '是' : v === false ? '否' : String(v));

export async function saveRuleSetting(tx: Tx, who: Who, rule: string, body: { enabled: boolean; settings?: unknown }): Promise<ChangeNote> {
  if (!isAlertRule(rule)) throw badRequest(`预警规则 ${rule} 不存在`, 'rule');
  const parsed = parseSettings(rule, body.settings ?? {});
  if (!parsed.ok) throw badRequest(parsed.message, parsed.field === 'rule' || parsed.field === 'settings' ? parsed.field : `settings.${parsed.field}`);
  const decl = ALERT_RULES.find((r) => r.rule === rule)!;
  const before = await repo.lockSetting(tx, who.orgId, rule);
  await repo.saveSetting(tx, who.orgId, rule, who.userId, body.enabled, parsed.settings);
  const changes: string[] = [];
  if (before.enabled !== body.enabled) changes.push(`启用 ${shown(before.enabled)} -> ${shown(body.enabled)}`);
  for (const key of Object.keys(decl.defaults)) {
    const was = before.settings[key] ?? decl.defaults[key];
    const now = parsed.settings[key] ?? decl.defaults[key];
    if (was !== now) changes.push(`${SETTING_FIELDS[key]?.label ?? key} ${shown(was)} -> ${shown(now)}`);
  }
  return { action: 'alertSetting', family: '预警设置', docNo: decl.label, detail: changes.join('；') || '未修改' };
}
