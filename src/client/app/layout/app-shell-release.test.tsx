import { render, screen } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_ID } from '../../lib/app-shell';
import { AppShellRelease } from './app-shell-release';

/*
 * The pre-rendered frame (lib/app-shell.ts) gives way only when the app has drawn a screen: while the
 * screen's code loads, the Suspense fallback is shown in the hidden root and the frame stays.
 */

function pageWithFrame(): HTMLElement {
  const frame = document.createElement('div');
  frame.id = APP_SHELL_ID;
  frame.textContent = 'frame';
  document.body.append(frame);
  const root = document.createElement('div');
  root.id = 'root';
  root.hidden = true;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('AppShellRelease', () => {
  it('keeps the frame while the screen is still loading, and swaps it for the app once it is drawn', async () => {
    const root = pageWithFrame();
    let load: (module: { default: () => ReactElement }) => void = () => undefined;
    const Screen = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          load = resolve;
        }),
    );
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <AppShellRelease />
        <Screen />
      </Suspense>,
      { container: root },
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(document.getElementById(APP_SHELL_ID)).not.toBeNull();
    expect(root.hidden).toBe(true);

    load({ default: () => <h1>Today</h1> });
    expect(await screen.findByText('Today')).toBeInTheDocument();
    expect(document.getElementById(APP_SHELL_ID)).toBeNull();
    expect(root.hidden).toBe(false);
  });
});
