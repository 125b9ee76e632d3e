import { createContext, useContext } from 'react';
import type { WorkspacePage } from '@/app/routing/workspace-pages';

/**
 * What a workspace page knows about itself. Pages read this rather than the router's location:
 * a kept-alive page stays mounted while another tab is shown and must keep its own address.
 */
export interface PageInfo {
  page: WorkspacePage;
  path: string;
  query: URLSearchParams;
  active: boolean;
}

export const PageContext = createContext<PageInfo | null>(null);

export function usePage(): PageInfo {
  const info = useContext(PageContext);
  if (!info) throw new Error('usePage outside a workspace page');
  return info;
}
