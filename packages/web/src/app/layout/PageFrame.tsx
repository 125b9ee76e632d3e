import { Suspense, useMemo } from 'react';
import type { WorkspacePage } from '@/app/routing/workspace-pages';
import { PageContext } from './page-context';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageLoading } from './PageLoading';
import { pageComponent, TemplateFreePage } from './page-registry';

export function PageFrame({ page, query, active }: { page: WorkspacePage; query: string; active: boolean }) {
  const Page = pageComponent(page);
  const info = useMemo(() => ({ page, path: page.key, query: new URLSearchParams(query), active }), [page, query, active]);
  return (
    <PageContext.Provider value={info}>
      <PageErrorBoundary fallback={<Suspense fallback={null}><TemplateFreePage /></Suspense>}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </PageContext.Provider>
  );
}
