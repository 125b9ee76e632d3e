import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePage } from '@/app/layout/page-context';
import { usePermissions } from '@/app/hooks/usePermissions';
import { fetchMenuTemplate } from '@/platform/templates/api';
import { ListScreen } from '@/platform/templates/list/ListScreen';
import { actionButtons } from '@/platform/templates/list/button-layout';
import { openTemplateForm } from '@/platform/templates/form/open-form';
import TemplateFreePage from '@/pages/template-free/TemplateFreePage';

/**
 * A menu leaf without a component of its own: its LIST template, when the server has one, drives
 * the generic list screen; a menu without one shows the no-template page (spec section 2).
 */
export default function TemplateListPage() {
  const { t } = useTranslation();
  const { page, path } = usePage();
  const { buttonsOf } = usePermissions();
  const menuId = page.menuId ?? '';
  const { data: template, isLoading, isError, refetch } = useQuery({
    queryKey: ['menu-template', 'LIST', menuId],
    queryFn: () => fetchMenuTemplate(menuId, 'LIST'),
    enabled: Boolean(menuId),
    staleTime: 60_000,
  });
  if (!menuId || template === null) return <TemplateFreePage />;
  if (isLoading) return <div className="wb-card" data-testid="template-loading"><Spin /></div>;
  if (isError || !template) {
    return <Result status="warning" title={t('templateFree.loadFailed')} extra={<a onClick={() => void refetch()}>{t('nav.retry')}</a>} />;
  }
  return <ListScreen key={template.id} template={template} route={path} buttons={actionButtons(buttonsOf(menuId))} openForm={openTemplateForm} />;
}
