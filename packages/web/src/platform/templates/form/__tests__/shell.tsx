import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '@/i18n';
import { ThemedShell } from '@/app/ThemedShell';

// jsdom lacks the media queries antd's grid listens to
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {},
      addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }),
  });
}

// nor the size observer textareas and tables use
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

initI18n('zh-CN');

// antd's first render in jsdom takes seconds on a busy two-core machine
vi.setConfig({ testTimeout: 20_000 });

/** Renders inside the shell's providers: i18n, antd theme and App (modal, notification), queries. */
export function renderInShell(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <ThemedShell>
        <AntApp>{node}</AntApp>
      </ThemedShell>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerenderInShell: (node: ReactNode) => result.rerender(wrap(node)) };
}
