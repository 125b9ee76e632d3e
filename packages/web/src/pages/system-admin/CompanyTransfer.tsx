import { useMemo } from 'react';
import { Tag } from 'antd';
import { useSession } from '@/app/session/session-store';
import { TreeTransfer } from '@/platform/templates/widgets/tree-transfer/TreeTransfer';
import { leafKeys, moveChecked, type TransferNode } from '@/platform/templates/widgets/tree-transfer/tree-moves';
import type { AdminOption } from '@wb/protocol';
import { useAdminTexts } from './texts';

interface Props {
  value?: string[];
  onChange?(ids: string[]): void;
  /** the stored companies the transfer starts from (the form sets its value only after the first render) */
  initial: string[];
  orgs: AdminOption[];
  editable: boolean;
}

const GROUP_KEY = 'group';

/**
 * The companies a role applies to, as a form control: the group's companies under the group on the
 * left, the role's on the right, moved with the tree transfer's add and remove. The transfer keeps
 * its trees itself, so the owner remounts it (key) when the stored companies change.
 */
export function CompanyTransfer({ value = [], onChange, initial, orgs, editable }: Props) {
  const tx = useAdminTexts();
  const groupName = useSession((s) => s.userInfo?.currentGroupName) || tx.roles.orgs;
  const trees = useMemo(() => {
    const all: TransferNode[] = [{ key: GROUP_KEY, title: groupName, children: orgs.map((o) => ({ key: o.id, title: `${o.code} ${o.name}`, children: [] })) }];
    return moveChecked(all, [], initial);
    // built once per mount: later moves live in the transfer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orgs]);
  if (!editable) {
    const names = new Map(orgs.map((o) => [o.id, o.name]));
    return <div data-testid="role-orgs">{value.map((id) => <Tag key={id}>{names.get(id) ?? id}</Tag>)}</div>;
  }
  return (
    <div data-testid="role-orgs">
      <TreeTransfer
        source={trees.from}
        target={trees.to}
        titles={[tx.roles.orgsSource, tx.roles.orgsTarget]}
        filterable
        height={280}
        onChange={(target) => onChange?.(leafKeys(target).filter((k) => k !== GROUP_KEY))}
      />
    </div>
  );
}
