import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { registerServiceWorker } from './service-worker';

/** navigator.serviceWorker as the update flow sees it: a registration, maybe a waiting worker. */
function fakeServiceWorkers(options: { controlled: boolean; waiting: boolean }) {
  const posted: unknown[] = [];
  const waiting = options.waiting ? { postMessage: (message: unknown) => posted.push(message) } : null;
  const registration = { waiting, installing: null, addEventListener: vi.fn() };
  const toActive: unknown[] = [];
  const active = { postMessage: (message: unknown) => toActive.push(message) };
  const listeners = new Map<string, () => void>();
  const container = {
    controller: options.controlled ? {} : null,
    ready: Promise.resolve({ active }),
    register: vi.fn(async () => registration),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
  return { posted, toActive, container, fire: (type: string) => listeners.get(type)?.() };
}

afterEach(() => vi.unstubAllGlobals());

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app and says nothing at the first install', async () => {
    const { container } = fakeServiceWorkers({ controlled: false, waiting: false });
    renderWithProviders(<div />);
    await act(() => registerServiceWorker());
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(screen.queryByText('A new version of Stride is ready')).toBeNull();
  });

  it('asks the active worker to take a page it did not take when it activated, and only such a page', async () => {
    const uncontrolled = fakeServiceWorkers({ controlled: false, waiting: false });
    await act(() => registerServiceWorker());
    expect(uncontrolled.toActive).toEqual([{ type: 'CLAIM' }]);
    vi.unstubAllGlobals();
    const controlled = fakeServiceWorkers({ controlled: true, waiting: false });
    await act(() => registerServiceWorker());
    expect(controlled.toActive).toEqual([]);
  });

  it('offers a waiting version, and Reload lets it take over and reloads once it has', async () => {
    const { posted, fire } = fakeServiceWorkers({ controlled: true, waiting: true });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWithProviders(<div />);
    await act(() => registerServiceWorker());
    expect(await screen.findByText('A new version of Stride is ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(posted).toEqual([{ type: 'SKIP_WAITING' }]);
    fire('controllerchange');
    fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
