import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { AssayItemDialog } from '@/platform/templates/widgets/dialogs/AssayItemDialog';
import type { AssayItem } from '@/platform/templates/widgets/dialogs/dialog-rules';
import type { AdminOption } from '@wb/protocol';
import { useAdminTexts } from './texts';

interface Props {
  value?: string[];
  onChange?(ids: string[]): void;
  /** the group's assay items (001 to 005 by default) */
  items: AdminOption[];
}

/**
 * The assay items a user may enter, as a form control: the chosen items as tags (each removable)
 * and the assay-item multi-select dialog to choose them.
 */
export function AssayItemsField({ value = [], onChange, items }: Props) {
  const tx = useAdminTexts();
  const [open, setOpen] = useState(false);
  const byId = new Map(items.map((i) => [i.id, i]));
  const dialogItems: AssayItem[] = items.map((i) => ({ code: i.code, name: i.name, nameEn: i.name }));
  const chosen = value.map((id) => byId.get(id)).filter((i): i is AdminOption => Boolean(i));
  return (
    <Space wrap data-testid="assay-items">
      {chosen.length === 0 && <Typography.Text type="secondary">{tx.users.noAssayItems}</Typography.Text>}
      {chosen.map((i) => (
        <Tag key={i.id} closable onClose={(e) => { e.preventDefault(); onChange?.(value.filter((id) => id !== i.id)); }}>{`${i.code} ${i.name}`}</Tag>
      ))}
      <Button size="small" onClick={() => setOpen(true)} data-testid="choose-assay-items">{tx.users.chooseAssayItems}</Button>
      {open && (
        <AssayItemDialog
          open
          items={dialogItems}
          value={chosen.map((i) => i.code)}
          onCancel={() => setOpen(false)}
          onSubmit={(picked) => {
            const codes = new Set(picked.map((p) => p.code));
            onChange?.(items.filter((i) => codes.has(i.code)).map((i) => i.id));
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}
