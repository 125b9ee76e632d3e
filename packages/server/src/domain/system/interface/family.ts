import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate } from '../../../platform/templates/define';
import {
  createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn,
} from '../../masterdata/shared/fields';
import { OUTBOX_TOPICS } from './topics';

/**
 * 接口配置: where a company's outbox messages go, one endpoint per topic (the ERP's receiving
 * address, the shared secret it checks the signature with, how long to wait and how often to try).
 */
const topicOptions = OUTBOX_TOPICS.map((t) => ({ value: t.value, label: t.label, labelEn: t.labelEn }));

const listTemplate = defineListTemplate({
  formatCode: 'system.interface.list', formatName: '接口配置', formatNameEn: 'Interfaces', mainTable: 'sys_outbox_endpoint',
  resUrl: '/api/system/interface/v2/list', menuPath: '/system/interface',
  fields: [
    { fieldName: 'topic', fieldExplain: '消息类型', fieldExplainEn: 'Message type', fieldType: 'ENUM', columnSql: 't.topic', options: topicOptions,
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 160 },
    { fieldName: 'url', fieldExplain: '接收地址', fieldExplainEn: 'Receiver URL', fieldType: 'TEXT', columnSql: 't.url', iallowQuery: true, searchType: 'input', columnWidth: 320 },
    { fieldName: 'timeoutMs', fieldExplain: '超时(毫秒)', fieldExplainEn: 'Timeout (ms)', fieldType: 'NUMBER', columnSql: 't.timeout_ms', columnWidth: 110 },
    { fieldName: 'maxAttempts', fieldExplain: '最多尝试次数', fieldExplainEn: 'Max attempts', fieldType: 'NUMBER', columnSql: 't.max_attempts', columnWidth: 120 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'system.interface', formatName: '接口配置', formatNameEn: 'interface', prefix: 'sys_interface', mainTable: 'sys_outbox_endpoint' }, [
  { fieldName: 'topic', fieldExplain: '消息类型', fieldExplainEn: 'Message type', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.topic', options: topicOptions, irequired: true, iupdate: false },
  { fieldName: 'url', fieldExplain: '接收地址', fieldExplainEn: 'Receiver URL', fieldType: 'TEXT', formSubmitType: 'MORE_TXT', columnSql: 't.url', irequired: true,
    validateMethod: '^https?://\\S+$', validateTitle: '接收地址应以 http:// 或 https:// 开头' },
  { fieldName: 'secret', fieldExplain: '签名密钥', fieldExplainEn: 'Signing secret', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.secret',
    tipsMessage: '接收方用它校验 x-signature 请求头；留空则不签名' },
  { fieldName: 'timeoutMs', fieldExplain: '超时(毫秒)', fieldExplainEn: 'Timeout (ms)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.timeout_ms', defaultValue: '10000' },
  { fieldName: 'maxAttempts', fieldExplain: '最多尝试次数', fieldExplainEn: 'Max attempts', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.max_attempts', defaultValue: '12' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

export const interfaceFamily: DocumentFamily = {
  label: '接口配置', base: '/api/system/interface', permissionPrefix: 'sys_interface', table: 'sys_outbox_endpoint', scope: { kind: 'org' },
  code: { field: 'topic', column: 'topic' },
  fields: [
    { name: 'topic', column: 'topic', label: '消息类型', type: 'enum', required: true, updatable: false, unique: true, options: topicOptions },
    { name: 'url', column: 'url', label: '接收地址', type: 'text', required: true, maxLength: 500,
      check: (v) => (/^https?:\/\/\S+$/.test(v) ? null : '接收地址应以 http:// 或 https:// 开头') },
    { name: 'secret', column: 'secret', label: '签名密钥', type: 'text', maxLength: 200 },
    { name: 'timeoutMs', column: 'timeout_ms', label: '超时(毫秒)', type: 'integer', min: 100, below: 120_001, default: 10_000 },
    { name: 'maxAttempts', column: 'max_attempts', label: '最多尝试次数', type: 'integer', min: 1, below: 101, default: 12 },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
};
