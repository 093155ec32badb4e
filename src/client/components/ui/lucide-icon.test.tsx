import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Check from '~icons/lucide/check';
import EllipsisVertical from '~icons/lucide/ellipsis-vertical';

// The icons' modules are made by scripts/lucide-icons-plugin.ts; they must draw as lucide-react's did.
describe('a Lucide icon', () => {
  it('is a 24-pixel drawing in the text colour, with Lucide stroke on the <svg> and hidden from assistive technology', () => {
    const { container } = render(<Check className="size-4" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('width')).toBe('24');
    expect(svg?.getAttribute('class')).toBe('size-4');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('fill')).toBe('none');
    expect(svg?.getAttribute('stroke-width')).toBe('2');
    expect(svg?.getAttribute('stroke-linecap')).toBe('round');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    const path = svg?.querySelector('path');
    expect(path?.getAttribute('d')).toMatch(/^M20 6/);
    // Nothing inside overrides the stroke, so a strokeWidth prop reaches every line.
    expect(path?.hasAttribute('stroke-width')).toBe(false);
  });

  it('takes a stroke width, and a label instead of being hidden', () => {
    const { container } = render(<Check strokeWidth={3} aria-label="Done" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('stroke-width')).toBe('3');
    expect(svg?.getAttribute('aria-label')).toBe('Done');
    expect(svg?.hasAttribute('aria-hidden')).toBe(false);
  });

  it('keeps every shape of a drawing in several parts', () => {
    const { container } = render(<EllipsisVertical />);
    expect(container.querySelectorAll('svg circle')).toHaveLength(3);
    expect(container.querySelector('svg [stroke-width]')).toBeNull();
  });
});
