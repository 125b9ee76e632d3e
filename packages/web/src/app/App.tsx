import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './routing/router';
import { ThemedShell } from './ThemedShell';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedShell>
        <RouterProvider router={router} />
      </ThemedShell>
    </QueryClientProvider>
  );
}
