import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

// docs/decisions/022-loading-motion.md: what shows a wait stands still for its first moments, then moves a
// few frames a second; not at all when reduced motion is asked for.
// Read as text: the test run does not load style sheets. Vitest runs from the repository's root.
const styles = readFileSync(join(process.cwd(), 'src/client/styles.css'), 'utf8');
const animation = (name: string) => styles.match(new RegExp(`--animate-${name}:([^;]+);`))?.[1] ?? '';

describe('loading motion', () => {
  it('draws the spinner and the placeholders with the stepped animations', () => {
    const { container } = render(
      <>
        <Spinner className="size-8" />
        <Skeleton className="h-4" />
      </>,
    );
    const [spinner, skeleton] = [...container.children];
    expect(spinner).toHaveClass('spinner', 'animate-spinner', 'size-8');
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveClass('animate-loading-pulse', 'h-4');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
  });

  it('steps the turn one spoke at a time and the pulse in a few steps, endlessly, once a wait has lasted', () => {
    expect(animation('spinner')).toMatch(/^\s*spinner-turn [\d.]+m?s steps\(8\) 0\.\d+s infinite$/);
    expect(animation('loading-pulse')).toMatch(/^\s*loading-pulse [\d.]+m?s steps\(\d\) 0\.\d+s infinite$/);
    expect(styles).toMatch(/@keyframes spinner-turn\s*{/);
    expect(styles).toMatch(/@keyframes loading-pulse\s*{/);
  });

  it('lets reduced motion stop endless animations rather than run them every frame', () => {
    const reduced = styles.slice(styles.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/animation-iteration-count: 1 !important/);
  });
});
