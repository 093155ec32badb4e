import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast';
import { TooltipLayer } from '../components/ui/tooltip';
import { queryClient as appQueryClient } from '../lib/query-client';

/** Everything the app needs around it; tests pass their own QueryClient. */
export function Providers({
  children,
  client = appQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
      <TooltipLayer />
    </QueryClientProvider>
  );
}
