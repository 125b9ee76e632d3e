import { useState } from 'react';
import { App, Button } from 'antd';
import { ApiError } from '@/platform/api/http';
import { TreeFormPage } from '@/platform/templates/pages/TreeFormPage';
import { DetailPopup } from '@/platform/templates/popups/DetailPopup';
import { fill } from '@/platform/templates/pages/texts';
import { assignUsers } from './api';
import { MenuTemplateState } from './MenuTemplateState';
import { useOrgTexts } from './texts';
import { useMenuTreePage } from './useMenuTreePage';

const NO_SEARCH: never[] = [];

/**
 * 部门管理: the company's department tree with the chosen department's form; the company's users
 * are ticked into a department through the detail popup's selection variant.
 */
export default function DepartmentsPage() {
  const texts = useOrgTexts();
  const { message } = App.useApp();
  const { template, detail, buttons } = useMenuTreePage();
  const [choosingFor, setChoosingFor] = useState<{ id: string; reload(): void } | null>(null);
  const mayAssign = buttons.some((b) => b.component === 'update');

  if (!template.data) return <MenuTemplateState loading={template.isLoading} missing={template.data === null} onRetry={() => void template.refetch()} />;

  const assign = async (rows: Record<string, unknown>[]) => {
    if (!choosingFor) return;
    try {
      const { count } = await assignUsers(choosingFor.id, rows.map((r) => String(r.id)));
      message.success(fill(texts.assigned, { count }));
      choosingFor.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the client has shown the server's reason
    }
  };

  return (
    <>
      <TreeFormPage
        template={template.data}
        buttons={buttons}
        extraButtons={({ id, reload }) =>
          mayAssign && detail ? (
            <Button disabled={!id} onClick={() => id && setChoosingFor({ id, reload })} data-action="assignUsers">{texts.assignUsers}</Button>
          ) : null
        }
      />
      <DetailPopup
        open={choosingFor !== null}
        template={detail}
        search={NO_SEARCH}
        selectable
        onConfirm={(rows) => void assign(rows)}
        onClose={() => setChoosingFor(null)}
      />
    </>
  );
}
