import { describe, expect, it } from 'vitest';
import { lucideComponent } from './lucide-icons-plugin';

const STROKE =
  'fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"';

describe('lucideComponent', () => {
  it('moves Lucide stroke off every shape, so the <svg> sets it', () => {
    const module = lucideComponent(
      `<svg width="1.2em" height="1.2em" viewBox="0 0 24 24"><g ${STROKE}><circle cx="12" cy="5" r="1"/><path ${STROKE} d="M4 4h1"/></g></svg>`,
      'test',
    );
    expect(module).toContain('viewBox: "0 0 24 24"');
    expect(module).toContain('<g><circle cx=\\"12\\" cy=\\"5\\" r=\\"1\\"/><path d=\\"M4 4h1\\"/></g>');
    expect(module).not.toContain('stroke-width');
  });

  it('fails the build on a drawing that is not in Lucide stroke, or is not one <svg>', () => {
    expect(() =>
      lucideComponent(
        '<svg viewBox="0 0 24 24"><path fill="currentColor" d="M0 0h24v24H0z"/></svg>',
        'solid',
      ),
    ).toThrow(/"solid" is not drawn in Lucide's stroke/);
    expect(() => lucideComponent(`<path ${STROKE} d="M0 0"/>`, 'bare')).toThrow(/"bare" is not one <svg>/);
  });
});
