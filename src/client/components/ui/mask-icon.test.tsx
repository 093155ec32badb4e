import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaskIcon } from './mask-icon';

describe('MaskIcon', () => {
  it('is one hidden, empty element whose class names the card icon', () => {
    const { container } = render(
      <>
        <MaskIcon icon="check" className="size-4" />
        <MaskIcon icon="sun-dim" />
      </>,
    );
    const icons = [...container.querySelectorAll('span')];
    expect(icons).toHaveLength(2);
    for (const icon of icons) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon.childElementCount).toBe(0);
    }
    expect(icons[0]).toHaveClass('mask-icon', 'mask-icon-check', 'size-4');
    expect(icons[1]).toHaveClass('mask-icon', 'mask-icon-sun-dim');
  });
});
