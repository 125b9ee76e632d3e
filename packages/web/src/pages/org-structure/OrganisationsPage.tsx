import { useState } from 'react';
import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormatDefinition } from '@wb/protocol';
import { TabbedDetail } from '@/platform/templates/pages/TabbedDetail';
import { TreeFormPage } from '@/platform/templates/pages/TreeFormPage';
import { DetailPopup } from '@/platform/templates/popups/DetailPopup';
import { fetchGroup, fetchOrganisationDetail } from './api';
import { GroupDialog } from './GroupDialog';
import { CompanyLogosCard } from './CompanyLogosCard';
import { usePermissions } from '@/app/hooks/usePermissions';
import { MenuTemplateState } from './MenuTemplateState';
import { useOrgTexts } from './texts';
import { useMenuTreePage } from './useMenuTreePage';

/** The chosen organisation as a tabbed form page: its form (基本信息), then its departments and users. */
function OrganisationTabs({ id, detail, form }: { id: string; detail: FormatDefinition; form: React.ReactNode }) {
  const { data, isFetching } = useQuery({ queryKey: ['organisation-detail', id], queryFn: () => fetchOrganisationDetail(id) });
  return (
    <Spin spinning={isFetching}>
      <TabbedDetail template={detail} data={data} main={form} />
    </Spin>
  );
}

/**
 * 组织机构: the group and its organisations as a tree; the chosen one's tabbed form page. Only
 * administrators hold this menu's buttons (the server refuses anyone else).
 */
export default function OrganisationsPage() {
  const texts = useOrgTexts();
  const { template, detail, buttons } = useMenuTreePage();
  const group = useQuery({ queryKey: ['group'], queryFn: fetchGroup });
  const [groupOpen, setGroupOpen] = useState(false);
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const mayEditGroup = buttons.some((b) => b.permision === 'sys_group_update');
  const maySetLogos = usePermissions().can('sys_org_update');

  if (!template.data) return <MenuTemplateState loading={template.isLoading} missing={template.data === null} onRetry={() => void template.refetch()} />;

  return (
    <>
      <div className="wb-card wb-group-bar" data-testid="group-bar">
        <span>{texts.group}：<strong data-testid="group-name">{group.data?.groupName ?? ''}</strong> <span className="wb-muted">{group.data?.groupCode}</span></span>
        {mayEditGroup && <Button size="small" onClick={() => setGroupOpen(true)} data-action="editGroup">{texts.editGroup}</Button>}
      </div>
      {maySetLogos && <CompanyLogosCard />}
      <TreeFormPage
        template={template.data}
        buttons={buttons}
        renderNode={({ id, form }) => (id && detail ? <OrganisationTabs key={id} id={id} detail={detail} form={form} /> : form)}
        extraButtons={({ id }) => (detail ? <Button disabled={!id} onClick={() => setDetailOf(id)} data-action="details">{texts.details}</Button> : null)}
      />
      <DetailPopup open={detailOf !== null} template={detail} search={detailOf ? [{ key: 'id', op: 'eq', val: detailOf }] : []} onClose={() => setDetailOf(null)} />
      <GroupDialog group={group.data} open={groupOpen} onClose={() => setGroupOpen(false)} onSaved={() => void group.refetch()} />
    </>
  );
}
