import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './query-client';
import { AppRoutes } from './routing/router';
import { NavigatorBinding } from './routing/NavigatorBinding';
import { RouteFailure } from './routing/RouteFailure';
import { ThemedShell } from './ThemedShell';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedShell>
        <BrowserRouter>
          <NavigatorBinding />
          <RouteFailure>
            <AppRoutes />
          </RouteFailure>
        </BrowserRouter>
      </ThemedShell>
    </QueryClientProvider>
  );
}
