import { stripVTControlCharacters } from 'node:util';

/*
 * The first failure a failed suite printed, repeated by `npm test` beside its summary
 * (scripts/test.ts): a CI log is often read from its end only, where the suites print just the
 * failed test's name.
 */

/** Where each suite's own account of a failure begins: Playwright's first numbered failure, vitest's rule. */
const FAILURE_START = [/^\s+1\) \[/m, /^⎯+ Failed (Tests?|Suites?) \d+ ⎯+$/m];
const FAILURE_LINES = 40;

/** The first lines of the first failure in a suite's output; empty when it printed none. */
export function firstFailure(output: string): string {
  const plain = stripVTControlCharacters(output);
  const starts = FAILURE_START.map((pattern) => plain.search(pattern)).filter((index) => index >= 0);
  if (starts.length === 0) return '';
  return plain
    .slice(Math.min(...starts))
    .split('\n')
    .slice(0, FAILURE_LINES)
    .join('\n')
    .trimEnd();
}
