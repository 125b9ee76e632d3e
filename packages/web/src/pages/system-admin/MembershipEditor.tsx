import { Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminOptions } from '@wb/protocol';
import type { Membership } from './api';
import { useAdminTexts } from './texts';

interface Props {
  value?: Membership[];
  onChange?(value: Membership[]): void;
  options: AdminOptions | undefined;
  disabled?: boolean;
}

/** The companies a user belongs to, with the roles held in each: one row per company. */
export function MembershipEditor({ value = [], onChange, options, disabled }: Props) {
  const tx = useAdminTexts();
  const taken = new Set(value.map((m) => m.orgId));
  const set = (i: number, patch: Partial<Membership>) => onChange?.(value.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const free = (options?.orgs ?? []).filter((o) => !taken.has(o.id));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="memberships">
      {value.map((m, i) => (
        <Space key={m.orgId || i} style={{ width: '100%' }} align="start">
          <Select
            style={{ width: 220 }}
            placeholder={tx.users.company}
            value={m.orgId || undefined}
            disabled={disabled}
            options={(options?.orgs ?? []).filter((o) => o.id === m.orgId || !taken.has(o.id)).map((o) => ({ value: o.id, label: o.name }))}
            onChange={(orgId: string) => set(i, { orgId })}
          />
          <Select
            style={{ minWidth: 280 }}
            mode="multiple"
            placeholder={tx.users.roles}
            value={m.roleIds}
            disabled={disabled}
            options={(options?.roles ?? []).map((r) => ({ value: r.id, label: r.name, disabled: r.enabled === false }))}
            onChange={(roleIds: string[]) => set(i, { roleIds })}
          />
          <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.(value.filter((_, j) => j !== i))} aria-label={tx.common.remove} />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled || free.length === 0} onClick={() => onChange?.([...value, { orgId: free[0]?.id ?? '', roleIds: [] }])}>
        {tx.users.addOrg}
      </Button>
    </Space>
  );
}
