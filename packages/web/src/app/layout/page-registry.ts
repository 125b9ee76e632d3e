import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { WORKFLOW_COMPONENTS } from '@wb/protocol';
import type { WorkspacePage } from '@/app/routing/workspace-pages';

type Page = LazyExoticComponent<ComponentType>;

const HomePage = lazy(() => import('@/pages/home/HomePage'));
const EditPasswordPage = lazy(() => import('@/pages/editpwd/EditPasswordPage'));
const TemplateFreePage = lazy(() => import('@/pages/template-free/TemplateFreePage'));
const IframePage = lazy(() => import('@/pages/myiframe/IframePage'));
const TemplateListPage = lazy(() => import('@/pages/template-list/TemplateListPage'));
const WorkflowDetailPage = lazy(() => import('@/pages/workflow/WorkflowDetailPage'));

/** The site-confirmation grids (domain/confirm/grids.ts), one page each. */
const CONFIRM_GRIDS = ['pu', 'pu-sampling', 'sa', 'al-sh', 'al-fh', 'tr-sh', 'tr-fh'];
const confirmPages: Record<string, Page> = Object.fromEntries(CONFIRM_GRIDS.map((grid) => [
  `confirm/${grid}`,
  lazy(() => import('@/pages/confirm/ConfirmPage').then((m) => ({
    default: () => createElement(m.default, { grid, sampling: grid.endsWith('-sampling') }),
  }))),
]));

/** Menu components by the key the server stores (sys_menu.component). */
const MENU_COMPONENTS: Record<string, Page> = {
  ...confirmPages,
  'weighing/station': lazy(() => import('@/pages/weighing-station/WeighingStationPage')),
  // the operation log is the template list system.log.list (searchable by document, user, action
  // and time); the key stays for the entries databases were seeded with
  'system/log': TemplateListPage,
  'template-admin/formats': lazy(() => import('@/pages/template-admin/FormatsPage')),
  'template-admin/field': lazy(() => import('@/pages/template-admin/FieldPage')),
  'template-admin/factor': lazy(() => import('@/pages/template-admin/FactorPage')),
  // 收款登记's form as a page (spec section 2: /modules/sale/recive_payment/edit)
  'money/receipt-edit': lazy(() => import('@/pages/money/ReceiptEditPage')),
  'money/statement': lazy(() => import('@/pages/money/StatementPage')),
  'system-admin/params': lazy(() => import('@/pages/system-admin/ParamsPage')),
  'system-admin/roles': lazy(() => import('@/pages/system-admin/RolesPage')),
  'system-admin/users': lazy(() => import('@/pages/system-admin/UsersPage')),
  'system-admin/menus': lazy(() => import('@/pages/system-admin/MenusPage')),
  'org-structure/organisations': lazy(() => import('@/pages/org-structure/OrganisationsPage')),
  'org-structure/departments': lazy(() => import('@/pages/org-structure/DepartmentsPage')),
  'reports/team': lazy(() => import('@/pages/reports/ReportPage').then((m) => ({ default: m.TeamConditionsInWorkspace }))),
  'reports/team-day': lazy(() => import('@/pages/reports/ReportPage').then((m) => ({ default: m.DayConditionsInWorkspace }))),
  // 报表设计 (server domain/report-design)
  'reports/design': lazy(() => import('@/pages/report-design/ReportDesignPage')),
  'reports/factory-vehicle': lazy(() => import('@/pages/reports/ReportPage').then((m) => ({ default: m.LiveVehiclesInWorkspace }))),
  'plan/chart': lazy(() => import('@/pages/plan/PlanChartPage')),
  // 集团驾驶舱 (server domain/group-cockpit)
  'group/cockpit': lazy(() => import('@/pages/group-cockpit/GroupCockpitPage')),
  'system/replica': lazy(() => import('@/pages/system-replica/ReplicaPage')),
  // 报表中心: any report by the leaf's last path segment (/reportforms/<code>)
  'reports/view': lazy(() => import('@/pages/report-centre/viewer/ReportViewer')),
  // the guard's pages (domain/gate)
  'gate/entrance': lazy(() => import('@/pages/gate/GatePage').then((m) => ({ default: () => createElement(m.default, { mode: 'entrance' }) }))),
  'gate/release': lazy(() => import('@/pages/gate/GatePage').then((m) => ({ default: () => createElement(m.default, { mode: 'release' }) }))),
  'gate/card': lazy(() => import('@/pages/gate/CardPage')),
  'gate/in-plant': lazy(() => import('@/pages/gate/InPlantPage')),
  'lane/intervention': lazy(() => import('@/pages/lane/InterventionPage')),
  'alert/centre': lazy(() => import('@/pages/alert/AlertCentrePage')),
  'alert/settings': lazy(() => import('@/pages/alert/AlertSettingsPage')),
  'quality/report': lazy(() => import('@/pages/quality/QualityReportPage')),
  // 结算管理 → 对账查询 (server domain/settlement/menu.ts RECONCILE_LEAF)
  'settlement/reconcile': lazy(() => import('@/pages/settlement-dialogs/ReconcilePage')),
  // the kiosk page lives outside the workspace (router.tsx /viewWeigh); the menu leaf opens it there
  'quality/kiosk': lazy(() => import('@/pages/quality/kiosk/KioskPage')),
  'report-sql': lazy(() => import('@/pages/report-sql/SqlReportsPage')),
  // approvals (domain/workflow): 流程配置 draws the flows (the node editor loads with it), 我的待办 the lists
  [WORKFLOW_COMPONENTS.config]: lazy(() => import('@/pages/workflow/WorkflowConfigPage')),
  [WORKFLOW_COMPONENTS.todo]: lazy(() => import('@/pages/workflow/WorkflowTodoPage')),
};

/** The page components the web has: the menu screen's scan compares them with the menu tree. */
export const menuComponentKeys = (): string[] => Object.keys(MENU_COMPONENTS);

/**
 * A menu with a component of its own opens it; one without asks the server for its LIST template
 * (the template page falls back to the no-template page when there is none); an unknown component
 * opens the no-template page (spec section 2).
 */
export function pageComponent(page: WorkspacePage): Page {
  switch (page.kind) {
    case 'home':
      return HomePage;
    case 'editpwd':
      return EditPasswordPage;
    case 'iframe':
      return IframePage;
    case 'workflowDetail':
      return WorkflowDetailPage;
    case 'menu':
      if (!page.component) return TemplateListPage;
      return MENU_COMPONENTS[page.component] ?? TemplateFreePage;
    default:
      return TemplateFreePage;
  }
}

export { TemplateFreePage };
