import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { expect } from 'vitest';
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

/**
 * A toast's button, once it can be pressed. Radix's toast region refuses the pointer until it has
 * counted the new toast, in an effect that may run after the toast is already on the page: a press in
 * between is refused by user-event, which a loaded machine made happen.
 */
export async function pressableToastButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.closest('[role="region"]')).not.toHaveStyle({ pointerEvents: 'none' }));
  return button;
}
