import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEnvironment, withStartEnvironment } from './start-environment';

const ROOT = resolve(import.meta.dirname, '..');
const scripts = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const checkout = (start: string | undefined) => {
  dir = mkdtempSync(join(tmpdir(), 'stride-start-env-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: start === undefined ? {} : { start } }));
  return dir;
};

describe("the start script's environment", () => {
  it('keeps glibc from holding freed memory: the trim threshold fixed, on start and serve alike', () => {
    // Fixing it turns off glibc's dynamic thresholds, which let the threads' heaps keep their peak.
    expect(startEnvironment(ROOT)).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(scripts.serve?.startsWith('MALLOC_TRIM_THRESHOLD_=131072 node ')).toBe(true);
  });

  it('reads only the assignments before the command', () => {
    expect(startEnvironment(checkout('A_B=1 C=two node x.js D=3'))).toEqual({ A_B: '1', C: 'two' });
    expect(startEnvironment(checkout('node x.js'))).toEqual({});
    expect(startEnvironment(checkout(undefined))).toEqual({});
  });

  it('runs a command through env with them, which the command sees', () => {
    const command = withStartEnvironment(checkout('SEEN_BY_CHILD=yes node x.js'), [
      'printenv',
      'SEEN_BY_CHILD',
    ]);
    expect(command.slice(0, 2)).toEqual(['env', 'SEEN_BY_CHILD=yes']);
    expect(execFileSync(command[0] as string, command.slice(1), { encoding: 'utf8' })).toBe('yes\n');
    expect(withStartEnvironment(checkout('node x.js'), ['node', 'y.js'])).toEqual(['node', 'y.js']);
  });
});
