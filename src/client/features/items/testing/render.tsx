import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { resetToasts } from '../../../components/ui/toast';
import { createQueryClient } from '../../../lib/query-client';

/** Renders inside the app's providers with a fresh query client that does not retry. */
export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  const user = userEvent.setup();
  // A wrapper (not a parent element) so `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={client}>{children}</Providers>
  );
  const result = render(ui, { wrapper });
  return { ...result, user, client };
}

/**
 * Shared hooks for the items component tests: a stray console.error (a React warning, a failed
 * prop type, a Radix accessibility complaint) fails the test.
 */
export function setupItemsTests() {
  let errors: unknown[][] = [];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(errors, 'console.error calls').toEqual([]);
  });
}
