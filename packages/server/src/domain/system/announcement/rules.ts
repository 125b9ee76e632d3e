import { z } from 'zod';
import { checkDate, idSchema } from '@wb/protocol';

/**
 * 公告: an administrator tells the people of some roles something for a while. The window is
 * typed on the plant's clock (the form's DATA_RANGE_BOX_TIM sends two plant times), the roles by
 * code (the form's role popup fills them), the level by word.
 */
export const ANNOUNCEMENT_LEVELS = [
  { value: 'NORMAL', label: '普通', labelEn: 'Normal', color: 'default' },
  { value: 'IMPORTANT', label: '重要', labelEn: 'Important', color: 'orange' },
  { value: 'URGENT', label: '紧急', labelEn: 'Urgent', color: 'red' },
] as const;
export type AnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number]['value'];
const LEVEL_VALUES = ANNOUNCEMENT_LEVELS.map((l) => l.value) as [AnnouncementLevel, ...AnnouncementLevel[]];

/** 置顶: pinned announcements stand first on the board (a radio of two words, SINGLE_ELECTION). */
export const PINNED_OPTIONS = [
  { value: 'true', label: '置顶', labelEn: 'Pinned' },
  { value: 'false', label: '不置顶', labelEn: 'Not pinned' },
] as const;

const text = (label: string, max: number) =>
  z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(max, `${label}不能超过 ${max} 个字符`);

const plantTime = (label: string) =>
  z.string({ message: `${label}应为时间 yyyy-MM-dd HH:mm:ss` }).superRefine((raw, ctx) => {
    const checked = checkDate(raw, 'dateTime');
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: `${label}${checked.reason}` });
  });

/** [from, to]: the window the board shows the announcement in, to after from. */
const publishWindow = z
  .tuple([plantTime('发布开始时间'), plantTime('发布结束时间')], { message: '发布时间应为开始和结束两个时间' })
  .refine(([from, to]) => windowEndsAfterStart(from, to), '发布结束时间应晚于开始时间');

// the popup's choice of several rows fills the field as a comma list; the form's tags send an array
const roleCodes = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((c) => c.trim()).filter(Boolean) : v), z
  .array(z.string({ message: '接收角色应为角色编码' }).trim().min(1, '接收角色不能为空').max(64, '角色编码不能超过 64 个字符'), { message: '至少选择一项接收角色' })
  .min(1, '至少选择一项接收角色')
  .max(50, '接收角色最多 50 个')
  .transform((codes) => [...new Set(codes)]));

/** 置顶 comes as the radio's word ('true' / 'false') or as a boolean. */
const pinned = z.union([z.boolean(), z.enum(['true', 'false'])], { message: '置顶应为是或否' })
  .nullish()
  .transform((v) => v === true || v === 'true');

const fields = {
  title: text('标题', 60),
  body: text('内容', 2000),
  level: z.enum(LEVEL_VALUES, { message: '级别应为普通、重要或紧急' }).nullish().transform((v) => v ?? 'NORMAL'),
  publishWindow,
  roleCodes,
  pinned,
  // shown prefilled from the signed-in user (DEFAULT_VALUE); the server writes the caller's own name
  publisher: z.string().max(100).nullish(),
};

export const announcementCreate = z.strictObject({
  entity: z.strictObject(fields, { message: 'entity 应为对象' }),
});
export const announcementUpdate = z.strictObject({
  entity: z.strictObject({ id: idSchema, version: z.number({ message: '版本不能为空' }).int().min(0), ...fields }, { message: 'entity 应为对象' }),
});
export type AnnouncementCreate = z.infer<typeof announcementCreate>['entity'];
export type AnnouncementUpdate = z.infer<typeof announcementUpdate>['entity'];

/** Plant times compare as text once both are written yyyy-MM-dd HH:mm:ss (seconds optional). */
const normalised = (t: string) => (t.trim().length === 16 ? `${t.trim()}:00` : t.trim()).replace('T', ' ');
export function windowEndsAfterStart(from: string, to: string): boolean {
  return normalised(to) > normalised(from);
}

/** The roles an announcement names that the company's role archive does not hold: the form's problem. */
export function unknownRoles(asked: string[], known: string[]): string[] {
  const held = new Set(known);
  return asked.filter((code) => !held.has(code));
}

export interface BoardEntry {
  id: string;
  title: string;
  pinned: boolean;
  publishFrom: string;
  read: boolean;
}

/** The board's order: pinned first, then the newest window first, then the newest row. */
export function boardOrder<T extends Pick<BoardEntry, 'id' | 'pinned' | 'publishFrom'>>(entries: T[]): T[] {
  return [...entries].sort((a, b) => Number(b.pinned) - Number(a.pinned)
    || b.publishFrom.localeCompare(a.publishFrom)
    || (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
}

/** What the log entry says changed. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const names: Record<string, string> = { title: '标题', level: '级别', publishWindow: '发布时间', roleCodes: '接收角色', pinned: '置顶', body: '内容' };
  const show = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v ?? ''));
  return Object.entries(names)
    .filter(([k]) => show(before[k]) !== show(after[k]))
    .map(([k, label]) => (k === 'body' ? '内容已修改' : `${label}: ${show(before[k])} -> ${show(after[k])}`))
    .join('；');
}
