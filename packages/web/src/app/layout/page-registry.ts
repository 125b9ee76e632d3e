import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WorkspacePage } from '@/app/routing/workspace-pages';

type Page = LazyExoticComponent<ComponentType>;

const HomePage = lazy(() => import('@/pages/home/HomePage'));
const EditPasswordPage = lazy(() => import('@/pages/editpwd/EditPasswordPage'));
const TemplateFreePage = lazy(() => import('@/pages/template-free/TemplateFreePage'));
const IframePage = lazy(() => import('@/pages/myiframe/IframePage'));

/** Menu components by the key the server stores (sys_menu.component). */
const MENU_COMPONENTS: Record<string, Page> = {
  'system/log': lazy(() => import('@/pages/system-log/OperationLogPage')),
};

/** A menu whose component is unknown or not set opens the no-template page (spec section 2). */
export function pageComponent(page: WorkspacePage): Page {
  switch (page.kind) {
    case 'home':
      return HomePage;
    case 'editpwd':
      return EditPasswordPage;
    case 'iframe':
      return IframePage;
    case 'menu':
      return (page.component && MENU_COMPONENTS[page.component]) || TemplateFreePage;
    default:
      return TemplateFreePage;
  }
}

export { TemplateFreePage };
