import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** A query client with the app's rules except retries, so a failure shows at once. */
export function createTestQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  return client;
}

/** Renders inside the app's providers with a fresh query client that does not retry. */
export function renderWithProviders(ui: ReactElement, { client = createTestQueryClient() } = {}) {
  const user = userEvent.setup();
  // A wrapper (not a parent element) so `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={client}>{children}</Providers>
  );
  const result = render(ui, { wrapper });
  return { ...result, user, client };
}
