import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Layout, Result } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientConfig, usePlantZoneReady } from '@/app/hooks/useClientConfig';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { useEnglish } from '@/i18n/useEnglish';
import { useHistoryUrl } from '@/app/hooks/useHistoryUrl';
import { useNav } from '@/app/hooks/useNav';
import { useScreenClass } from '@/app/hooks/useScreenClass';
import { useUserInfoSync } from '@/app/hooks/useUserInfoSync';
import { Redirect } from '@/app/routing/Redirect';
import { resolveWorkspacePage, tabOf } from '@/app/routing/workspace-pages';
import { useSession } from '@/app/session/session-store';
import { useSettings } from '@/app/session/settings-store';
import { HOME_PATH } from '@/app/session/tabs';
import { shownMenu } from '@/platform/menu/menu-routes';
import { useTabs } from '@/app/session/tabs-store';
import { TemplateFormHost } from '@/platform/templates/form/open-form';
import { ResourcePopupHost } from '@/platform/templates/popups/ResourcePopupHost';
import { RegistryDialogHost } from '@/pages/registry/RegistryDialogHost';
import { NoticeDialogHost } from '@/pages/notice/NoticeDialogHost';
import '@/pages/ticket-print/register';
import '@/pages/settlement/register';
import '@/pages/data-source/register';
import '@/pages/track-scale/register';
import { TicketDialogHost } from '@/pages/ticket-dialogs/TicketDialogHost';
import { ContractDialogHost } from '@/pages/contract-dialogs/ContractDialogHost';
import { StationKeyDialogHost } from '@/pages/station-keys/StationKeyDialogHost';
import { HomeShortcutDialogHost } from '@/pages/home-shortcut/HomeShortcutDialogHost';
import { QualityLabDialogHost } from '@/pages/quality-lab/QualityLabDialogHost';
import { FreightPlanDialogHost } from '@/pages/freight-plan/FreightPlanDialogHost';
import { PdfPreviewHost } from '@/platform/print/PdfPreviewHost';
import { SettlementDialogHost } from '@/pages/settlement-dialogs/SettlementDialogHost';
import { PageHost } from './PageHost';
import { PageLoading } from './PageLoading';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';
import { usePrefetchWhenIdle } from './usePrefetchWhenIdle';
import { KioskKeyDialogHost } from '@/pages/quality/kiosk/KioskKeyDialog';
import { NewSecretDialogHost } from '@/pages/system-interface/NewSecretDialog';
import { JobDialogHost } from '@/pages/system-job/JobDialogs';
import { WorkflowSubmitHost } from '@/pages/workflow/SubmitHost';
import './layout.css';

/** The signed-in workspace: sidebar, top bar, tab strip and the page of the current address. */
export default function WorkspaceLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const english = useEnglish();
  const screen = useScreenClass();
  const config = useClientConfig();
  const zoneReady = usePlantZoneReady();
  const nav = useNav();
  // what the sidebar, top menu and menu search show: hidden pages keep their routes (nav.menu) only
  const shown = useMemo(() => shownMenu(nav.menu), [nav.menu]);
  useUserInfoSync();
  useHistoryUrl(nav.loaded);
  // the dialogs' code, once the menu is there, so that the first click opens them at once
  usePrefetchWhenIdle(nav.loaded);
  const showTags = useSettings((s) => s.showTags);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const openTab = useTabs((s) => s.open);
  const setActiveMenu = useSession((s) => s.setActiveMenu);
  const rememberPath = useSession((s) => s.rememberPath);
  const [focusArea, setFocusArea] = useState<string | null>(null);

  const page = useMemo(() => resolveWorkspacePage(location.pathname, location.search, nav.index), [location.pathname, location.search, nav.index]);

  useEffect(() => {
    if (!page) return;
    openTab(tabOf(page, location.search));
    setActiveMenu(page.menuId);
    rememberPath(location.pathname + location.search);
  }, [page, location.pathname, location.search, openTab, setActiveMenu, rememberPath]);

  useEffect(() => {
    if (screen < 2) setCollapsed(true);
  }, [screen, setCollapsed]);

  const label = page ? (english && page.labelEn ? page.labelEn : page.label) : null;
  useDocumentTitle(label);

  const versionCode = nav.reply?.versionCode ?? config?.versionCode ?? '';
  let body;
  // a page waits for the plant's time zone (client config) so its first dates are on the plant's clock
  if (page && zoneReady) body = <PageHost current={page} query={location.search.replace(/^\?/, '')} />;
  else if (page) body = <PageLoading />;
  else if (nav.failed) {
    body = <Result status="warning" title={t('nav.menuFailed')} extra={<Button type="primary" onClick={nav.retry}>{t('nav.retry')}</Button>} />;
  }
  else if (!nav.loaded) body = <PageLoading />;
  else return <Redirect to={HOME_PATH} />;

  // antd's App gives the layout's components their modal, message and notification instances.
  return (
    <AntApp className="wb-app">
    <Layout className={`wb-layout screen-${screen}`} data-screen={screen}>
      <Sidebar menu={shown} activeMenuId={page?.menuId ?? null} versionCode={versionCode} screen={screen} focusAreaId={focusArea} />
      <Layout className="wb-main">
        <TopBar menu={shown} activeMenuId={page?.menuId ?? null} versionCode={versionCode} onArea={setFocusArea} />
        {showTags && page && <TabStrip activeKey={page.key} />}
        <Layout.Content className={`wb-content${location.pathname.startsWith('/reportforms') ? ' wb-content-report' : ''}`}>{body}</Layout.Content>
      </Layout>
    </Layout>
    <TemplateFormHost />
    <ResourcePopupHost />
    <RegistryDialogHost />
    <NoticeDialogHost />
    <TicketDialogHost />
    <ContractDialogHost />
    <QualityLabDialogHost />
    <KioskKeyDialogHost />
    <NewSecretDialogHost />
    <StationKeyDialogHost />
    <HomeShortcutDialogHost />
    <FreightPlanDialogHost />
    <SettlementDialogHost />
    <PdfPreviewHost />
    <JobDialogHost />
    <WorkflowSubmitHost />
    </AntApp>
  );
}
