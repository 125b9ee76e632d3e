import { randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/pool';
import { badRequest } from '../../../platform/http/errors';
import { PASSWORD_MASK, sealReceiverPassword } from './credentials';
import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { eventOptions, isEventType } from '../../../platform/events/catalogue';
import { defineListTemplate } from '../../../platform/templates/define';
import {
  createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn,
} from '../../masterdata/shared/fields';

/**
 * 接口配置: a company's subscribers (webhooks, the ERP): which events each receives (platform/events
 * catalogue), where, signed with which secret, how long to wait and how often to try. The ERP is one
 * of them (events: erp.ticket). The secret never leaves the server in a list or a form: the form
 * shows it masked, and 重新生成密钥 answers a new one once (module.ts).
 */
export const SECRET_MASK = '******';

const listTemplate = defineListTemplate({
  formatCode: 'system.interface.list', formatName: '接口配置', formatNameEn: 'Webhooks and interfaces', mainTable: 'sys_subscription',
  resUrl: '/api/system/interface/v2/list', menuPath: '/system/interface',
  fields: [
    { fieldName: 'name', fieldExplain: '名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.name', iallowQuery: true, searchType: 'input', isortField: true, columnWidth: 160 },
    { fieldName: 'events', fieldExplain: '订阅事件', fieldExplainEn: 'Events', fieldType: 'TEXT', columnSql: 't.events', iallowQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'url', fieldExplain: '接收地址', fieldExplainEn: 'Receiver URL', fieldType: 'TEXT', columnSql: 't.url', iallowQuery: true, searchType: 'input', columnWidth: 320 },
    { fieldName: 'signed', fieldExplain: '签名', fieldExplainEn: 'Signed', fieldType: 'BOOLEAN', columnSql: 't.secret IS NOT NULL', columnWidth: 70 },
    { fieldName: 'timeoutMs', fieldExplain: '超时(毫秒)', fieldExplainEn: 'Timeout (ms)', fieldType: 'NUMBER', columnSql: 't.timeout_ms', columnWidth: 110 },
    { fieldName: 'maxAttempts', fieldExplain: '最多尝试次数', fieldExplainEn: 'Max attempts', fieldType: 'NUMBER', columnSql: 't.max_attempts', columnWidth: 120 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'system.interface', formatName: '接口订阅', formatNameEn: 'subscription', prefix: 'sys_interface', mainTable: 'sys_subscription' }, [
  { fieldName: 'name', fieldExplain: '名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.name', irequired: true },
  { fieldName: 'events', fieldExplain: '订阅事件', fieldExplainEn: 'Events', fieldType: 'ENUM', formSubmitType: 'SELECT_MORE', columnSql: "string_to_array(t.events, ',')",
    options: eventOptions, irequired: true },
  { fieldName: 'url', fieldExplain: '接收地址', fieldExplainEn: 'Receiver URL', fieldType: 'TEXT', formSubmitType: 'MORE_TXT', columnSql: 't.url', irequired: true,
    validateMethod: '^https?://\\S+$', validateTitle: '接收地址应以 http:// 或 https:// 开头' },
  { fieldName: 'secret', fieldExplain: '签名密钥', fieldExplainEn: 'Signing secret', fieldType: 'TEXT', formSubmitType: 'ONE_TXT',
    columnSql: `CASE WHEN t.secret IS NULL THEN NULL ELSE '${SECRET_MASK}' END`,
    tipsMessage: '留空则自动生成；接收方用它校验 x-signature 请求头。密钥不再显示，可用“重新生成密钥”取得新密钥' },
  { fieldName: 'authUser', fieldExplain: '认证用户', fieldExplainEn: 'Sign-in user', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.auth_user',
    tipsMessage: '接收方要求登录时填写（如 SAP 的 HTTP 接口用户），以 Basic 认证发送' },
  { fieldName: 'authPassword', fieldExplain: '认证密码', fieldExplainEn: 'Sign-in password', fieldType: 'TEXT', formSubmitType: 'ONE_TXT',
    columnSql: `CASE WHEN t.auth_password IS NULL THEN NULL ELSE '${PASSWORD_MASK}' END`, tipsMessage: '加密保存，不再显示；修改时留空则保留原密码' },
  { fieldName: 'timeoutMs', fieldExplain: '超时(毫秒)', fieldExplainEn: 'Timeout (ms)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.timeout_ms', defaultValue: '10000' },
  { fieldName: 'maxAttempts', fieldExplain: '最多尝试次数', fieldExplainEn: 'Max attempts', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.max_attempts', defaultValue: '12' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

/** A new signing secret: 192 random bits, prefixed so a leaked one is recognised for what it is. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * The form's events come as a list (multi-choice), stored as the comma-separated keys the fan-out
 * splits; a blank secret on create is generated, and the mask sent back by an edit keeps the stored one.
 */
async function prepareSubscription(db: Database, _who: unknown, entity: Record<string, unknown>, mode: 'create' | 'update'): Promise<void> {
  if (Array.isArray(entity.events)) entity.events = [...new Set(entity.events.map(String))].join(',');
  await prepareSignIn(db, entity, mode);
  const secret = typeof entity.secret === 'string' ? entity.secret.trim() : entity.secret;
  if (mode === 'create' && (secret === undefined || secret === null || secret === '' || secret === SECRET_MASK)) entity.secret = newSecret();
  else if (mode === 'update' && (secret === undefined || secret === null || secret === '' || secret === SECRET_MASK)) delete entity.secret;
}

/**
 * The receiver's sign-in: a typed password is sealed before it reaches the table (credentials.ts);
 * the mask or a blank keeps the stored one on an edit; no user name means no sign-in at all.
 */
async function prepareSignIn(db: Database, entity: Record<string, unknown>, mode: 'create' | 'update'): Promise<void> {
  const user = typeof entity.authUser === 'string' ? entity.authUser.trim() : entity.authUser;
  const password = typeof entity.authPassword === 'string' ? entity.authPassword : null;
  const typed = password !== null && password !== '' && password !== PASSWORD_MASK;
  if (user === '' || user === null) {
    entity.authUser = null;
    entity.authPassword = null;
    return;
  }
  if (user === undefined) {
    if (mode === 'update' && !typed) delete entity.authPassword;
    return;
  }
  entity.authUser = user;
  if (typed) entity.authPassword = await sealReceiverPassword(db, password);
  else if (mode === 'update') delete entity.authPassword;
  else throw badRequest('填写了认证用户时，认证密码不能为空', 'authPassword');
}

function checkEvents(v: string): string | null {
  const keys = v.split(',');
  const unknown = keys.find((k) => !isEventType(k));
  if (unknown !== undefined) return `订阅事件 ${unknown || '(空)'} 不存在`;
  return null;
}

export const interfaceFamily: DocumentFamily = {
  label: '接口订阅', base: '/api/system/interface', permissionPrefix: 'sys_interface', table: 'sys_subscription', scope: { kind: 'org' },
  code: { field: 'name', column: 'name' },
  fields: [
    { name: 'name', column: 'name', label: '名称', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'events', column: 'events', label: '订阅事件', type: 'text', required: true, maxLength: 1000, check: checkEvents },
    { name: 'url', column: 'url', label: '接收地址', type: 'text', required: true, maxLength: 500,
      check: (v) => (/^https?:\/\/\S+$/.test(v) ? null : '接收地址应以 http:// 或 https:// 开头') },
    { name: 'secret', column: 'secret', label: '签名密钥', type: 'text', maxLength: 200,
      check: (v) => (v.length >= 16 ? null : '签名密钥至少 16 个字符') },
    { name: 'authUser', column: 'auth_user', label: '认证用户', type: 'text', maxLength: 100 },
    { name: 'authPassword', column: 'auth_password', label: '认证密码', type: 'text', maxLength: 1000 },
    { name: 'timeoutMs', column: 'timeout_ms', label: '超时(毫秒)', type: 'integer', min: 100, below: 120_001, default: 10_000 },
    { name: 'maxAttempts', column: 'max_attempts', label: '最多尝试次数', type: 'integer', min: 1, below: 101, default: 12 },
    enabledField, remarkField,
  ],
  prepare: prepareSubscription,
  lifecycle: switchLifecycle, listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
};
