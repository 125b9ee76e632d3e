import { z } from 'zod';
import { idSchema } from '@wb/protocol';

/**
 * 数据源: a named, read-only PostgreSQL connection the report centre reads from. The password is
 * taken on create and on an update that types a new one (blank keeps the stored one), sealed
 * before it is stored, and never answered.
 */
export const VALIDATION_QUERY_MAX = 2000;

/**
 * 检测语句: one statement that reads (SELECT, WITH, VALUES, TABLE), so the connection test
 * proves what the reports need is there. The session is read-only anyway (connect.ts); this says
 * what is wrong with a statement before it is stored, naming the field.
 */
export function validationQueryRefusal(text: string): string | null {
  const body = text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').trim().replace(/;\s*$/, '');
  if (!body) return '检测语句不能只有注释';
  if (body.includes(';')) return '检测语句只能是一条语句';
  if (!/^(select|with|values|table)\b/i.test(body)) return '检测语句只能是查询语句（SELECT、WITH、VALUES 或 TABLE）';
  return null;
}

const required = (label: string, max: number) => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(max, `${label}不能超过 ${max} 个字符`);

const fields = {
  sourceName: required('数据源名称', 40),
  host: required('主机', 200).refine((v) => !/\s/.test(v), '主机不能含空格'),
  port: z.coerce.number({ message: '端口应为 1 到 65535 的整数' }).int('端口应为 1 到 65535 的整数').min(1, '端口应为 1 到 65535 的整数').max(65535, '端口应为 1 到 65535 的整数').default(5432),
  database: required('数据库', 63),
  username: required('用户名', 63),
  password: z.string({ message: '密码应为文本' }).max(200, '密码不能超过 200 个字符').nullish(),
  ssl: z.boolean({ message: 'SSL 应为是或否' }).nullish().transform((v) => v ?? false),
  remark: z.string({ message: '备注应为文本' }).max(200, '备注不能超过 200 个字符').nullish(),
  validationQuery: z.string({ message: '检测语句应为文本' }).max(VALIDATION_QUERY_MAX, `检测语句不能超过 ${VALIDATION_QUERY_MAX} 个字符`).nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
    .superRefine((v, c) => {
      const refusal = v === null ? null : validationQueryRefusal(v);
      if (refusal) c.addIssue({ code: 'custom', message: refusal });
    }),
};

export const dataSourceCreate = z.strictObject({
  entity: z.strictObject({ ...fields, enabled: z.boolean().optional() }, { message: 'entity 应为对象' }),
});
// the form's update sends back what the get answered, its read-only facts too: taken, never written
const answeredOnly = { kind: z.unknown().optional(), createDate: z.unknown().optional(), hasPassword: z.unknown().optional() };
export const dataSourceUpdate = z.strictObject({
  entity: z.strictObject({ id: idSchema, version: z.number({ message: '版本不能为空' }).int().min(0), ...fields, ...answeredOnly, enabled: z.boolean().optional() }, { message: 'entity 应为对象' }),
});
export type DataSourceCreate = z.infer<typeof dataSourceCreate>['entity'];
export type DataSourceUpdate = z.infer<typeof dataSourceUpdate>['entity'];

/** A password typed: a blank one on update keeps the stored one; on create the password may be blank (trust auth). */
export const typedPassword = (p: string | null | undefined): string | null => (p === undefined || p === null || p === '' ? null : p);

/** What changed, for the log entry: the fields by name, and only whether the password changed, never its value. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, passwordChanged: boolean): string {
  const names: Record<string, string> = { sourceName: '名称', host: '主机', port: '端口', database: '数据库', username: '用户名', ssl: 'SSL', remark: '备注', validationQuery: '检测语句' };
  const changes = Object.entries(names).filter(([k]) => after[k] !== undefined && String(before[k] ?? '') !== String(after[k] ?? ''))
    .map(([k, label]) => `${label}: ${before[k] ?? ''} -> ${after[k] ?? ''}`);
  if (passwordChanged) changes.push('密码已更换');
  return changes.join('；');
}

/**
 * A failed connection said plainly (the test button): the server's own word for the usual causes,
 * with PostgreSQL's code or the system's, so the administrator knows which setting is wrong.
 */
export function connectionFailure(err: { code?: string; message?: string }, at: { host: string; port: number; database: string; username: string }): string {
  switch (err.code) {
    case '28P01':
    case '28000':
      return `连接失败：用户名或密码错误（用户 ${at.username}）`;
    case '3D000':
      return `连接失败：数据库 ${at.database} 不存在`;
    case 'ECONNREFUSED':
      return `连接失败：${at.host}:${at.port} 拒绝连接，请检查主机和端口`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `连接失败：找不到主机 ${at.host}`;
    case 'ETIMEDOUT':
      return `连接失败：连接 ${at.host}:${at.port} 超时`;
    default:
      return `连接失败：${err.message ?? '未知错误'}${err.code ? `（${err.code}）` : ''}`;
  }
}
