import { Alert, Badge, Card, Descriptions, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReplicaStatus } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { formatPlant } from '@/platform/plant-time';
import { replicaHealth, walSize, type ReplicaHealth } from './replica-figures';
import { useReplicaTexts } from './texts';

/** How often the page asks again: the server trusts one look at the replica for about a second. */
export const REPLICA_REFRESH_MS = 5_000;

const BADGE: Record<ReplicaHealth, 'default' | 'error' | 'warning' | 'success'> = { none: 'default', down: 'error', behind: 'warning', ok: 'success' };

/** 系统管理 → 数据库副本: the read replica's lag and where the readings go now (GET /api/sys-info/replica). */
export default function ReplicaPage() {
  const tx = useReplicaTexts();
  const { data, error } = useQuery({
    queryKey: ['sys-replica'], queryFn: () => call<ReplicaStatus>('/sys-info/replica'), refetchInterval: REPLICA_REFRESH_MS, retry: false,
  });
  const seconds = (n: number | null) => (n === null ? '-' : tx.seconds.replace('{{n}}', String(n)));
  const health = data ? replicaHealth(data) : null;
  return (
    <Card title={tx.title} data-testid="replica-page">
      <Typography.Paragraph type="secondary">{tx.hint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={tx.failed} />}
      {data && health && (
        <Descriptions bordered size="small" column={1} data-testid="replica-status" data-health={health}>
          <Descriptions.Item label={tx.state}><Badge status={BADGE[health]} text={tx.health[health]} /></Descriptions.Item>
          <Descriptions.Item label={tx.readsFrom}>{data.readsFrom === 'replica' ? tx.replica : tx.primary}</Descriptions.Item>
          <Descriptions.Item label={tx.lag}><span data-testid="replica-lag">{seconds(data.lagSeconds)}</span></Descriptions.Item>
          <Descriptions.Item label={tx.lagBytes}>{walSize(data.lagBytes)}</Descriptions.Item>
          <Descriptions.Item label={tx.limit}>{seconds(data.maxLagSeconds)}</Descriptions.Item>
          {data.reason && <Descriptions.Item label={tx.reason}><span data-testid="replica-reason">{data.reason}</span></Descriptions.Item>}
          <Descriptions.Item label={tx.checked}>{formatPlant(data.checkedAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
