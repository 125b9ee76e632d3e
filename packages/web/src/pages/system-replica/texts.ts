import { useEnglish } from '@/i18n/useEnglish';
import type { ReplicaHealth } from './replica-figures';

const zh = {
  title: '数据库副本', state: '状态', readsFrom: '查询读取', replica: '只读副本', primary: '主库', lag: '延迟', seconds: '{{n}} 秒',
  lagBytes: '未回放日志', limit: '延迟上限', reason: '原因', checked: '检查时间', failed: '副本状态读取失败',
  hint: '报表、导出、对账单和大列表从只读副本读取；副本不可用或延迟超过上限时由主库回答。',
  health: { none: '未配置', down: '不可用', behind: '延迟过大', ok: '正常' } as Record<ReplicaHealth, string>,
};
type Texts = typeof zh;
const en: Texts = {
  title: 'Database replica', state: 'State', readsFrom: 'Reads from', replica: 'Read replica', primary: 'Primary', lag: 'Lag', seconds: '{{n}} s',
  lagBytes: 'WAL not replayed', limit: 'Lag limit', reason: 'Reason', checked: 'Checked at', failed: 'The replica state could not be read',
  hint: 'Reports, exports, statements and the big lists read from the read replica; the primary answers when it is down or further behind than the limit.',
  health: { none: 'Not configured', down: 'Down', behind: 'Too far behind', ok: 'OK' },
};

export function useReplicaTexts(): Texts {
  return useEnglish() ? en : zh;
}
