import { Activity, useEffect, useState } from 'react';
import type { WorkspacePage } from '@/app/routing/workspace-pages';
import { useTabs } from '@/app/session/tabs-store';
import { PageFrame } from './PageFrame';

/**
 * Shows the current page; pages marked keepAlive stay mounted (hidden) while their tab is open,
 * so their filters, paging and scroll survive tab switches. A closed tab drops its page.
 */
export function PageHost({ current, query }: { current: WorkspacePage; query: string }) {
  const tabs = useTabs((s) => s.tabs);
  const generation = useTabs((s) => s.generation);
  const epoch = useTabs((s) => s.epoch);
  const [kept, setKept] = useState<Record<string, WorkspacePage>>({});

  useEffect(() => {
    if (current.keepAlive) setKept((k) => (k[current.key] === current ? k : { ...k, [current.key]: current }));
  }, [current]);
  useEffect(() => {
    setKept((k) => {
      const open = new Set(tabs.map((t) => t.value));
      const next = Object.fromEntries(Object.entries(k).filter(([key]) => open.has(key)));
      return Object.keys(next).length === Object.keys(k).length ? k : next;
    });
  }, [tabs]);
  useEffect(() => setKept({}), [epoch]);

  const keyOf = (page: WorkspacePage) => `${epoch}:${page.key}:${generation[page.key] ?? 0}`;
  const queryOf = (key: string) => (key === current.key ? query : (tabs.find((t) => t.value === key)?.query ?? ''));
  // One keyed list, so a page moving between shown and hidden keeps its React identity.
  const pages = [...Object.values(kept).filter((p) => p.key !== current.key), current];

  return (
    <>
      {pages.map((page) => {
        const active = page.key === current.key;
        const frame = <PageFrame page={page} query={queryOf(page.key)} active={active} />;
        return page.keepAlive ? (
          <Activity key={keyOf(page)} mode={active ? 'visible' : 'hidden'}>
            {frame}
          </Activity>
        ) : (
          <div key={keyOf(page)} className="wb-page-slot">
            {frame}
          </div>
        );
      })}
    </>
  );
}
