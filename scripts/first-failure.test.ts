import { describe, expect, it } from 'vitest';
import { firstFailure } from './first-failure';

describe('firstFailure', () => {
  it("finds Playwright's first numbered failure, without its colours", () => {
    const output = [
      '[1/2] [desktop] › tests/e2e/a.spec.ts:3:1 › works',
      '  \u001b[31m1) [desktop] › tests/e2e/b.spec.ts:9:3 › offline › ticks\u001b[39m',
      '',
      '    Error: expect(locator).toBeVisible() failed',
      '  2) [desktop] › tests/e2e/c.spec.ts:1:1 › other',
      '  1 failed',
    ].join('\n');
    const failure = firstFailure(output);
    expect(failure.split('\n')[0]).toBe('  1) [desktop] › tests/e2e/b.spec.ts:9:3 › offline › ticks');
    expect(failure).toContain('Error: expect(locator).toBeVisible() failed');
  });

  it("finds vitest's failed tests", () => {
    const output =
      ' ✓ a.test.ts (3)\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  b.test.ts > adds\nAssertionError: 1 !== 2\n';
    expect(firstFailure(output)).toMatch(
      /^⎯+ Failed Tests 1 ⎯+\n\n FAIL {2}b\.test\.ts > adds\nAssertionError/,
    );
  });

  it('keeps the first 40 lines of a long one', () => {
    const output = `  1) [desktop] › long\n${Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n')}`;
    expect(firstFailure(output).split('\n')).toHaveLength(40);
  });

  it('answers nothing for output without a failure', () => {
    expect(firstFailure('  12 passed (1.2m)\n')).toBe('');
  });
});
