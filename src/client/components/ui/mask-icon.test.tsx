import { render } from '@testing-library/react';
import * as checkIcon from 'lucide-react/icons/check';
import * as moreVerticalAlias from 'lucide-react/icons/more-vertical';
import { describe, expect, it } from 'vitest';
import { lucideDrawing, MaskIcon } from './mask-icon';

describe('MaskIcon', () => {
  it('is one hidden element whose class draws the Lucide icon, its rule added to the page once', () => {
    const check = lucideDrawing(checkIcon);
    const { container } = render(
      <>
        <MaskIcon icon={check} className="size-4" />
        <MaskIcon icon={check} className="size-3" />
        <MaskIcon icon={check} strokeWidth={3} />
      </>,
    );
    const icons = [...container.querySelectorAll('span')];
    expect(icons).toHaveLength(3);
    for (const icon of icons) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon.childElementCount).toBe(0);
    }
    expect(icons[0]).toHaveClass('mask-icon', 'mask-icon-check-2', 'size-4');
    expect(icons[2]).toHaveClass('mask-icon-check-3');
    const rules = [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(rules.match(/\.mask-icon-check-2\{/g)).toHaveLength(1);
    expect(rules).toContain('.mask-icon-check-3{mask-image:url("data:image/svg+xml,');
    expect(decodeURIComponent(rules)).toContain('stroke-width="3"');
  });

  it('refuses a module with no drawing, such as a renamed icon that only re-exports the component', () => {
    expect(() => lucideDrawing(moreVerticalAlias)).toThrow(/no drawing/);
  });
});
