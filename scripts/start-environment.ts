import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `NAME=value` words at the head of a shell command, as npm's shell reads them (no quoting used). */
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

/**
 * The environment a checkout's `npm start` gives the app's process: the assignments before `node` in
 * its package.json's start script (docs/decisions/012-embedded-durability.md, "A small footprint").
 * package.json is their one home; the benchmark's servers and the cluster's instances start with the
 * same, so that what they measure and run is what `npm start` runs, for whichever commit is checked out.
 */
export function startEnvironment(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const environment: Record<string, string> = {};
  for (const word of (manifest.scripts?.start ?? '').trim().split(/\s+/)) {
    const assignment = ASSIGNMENT.exec(word);
    if (!assignment) break;
    environment[assignment[1] as string] = assignment[2] as string;
  }
  return environment;
}

/**
 * A command to spawn, run through `env` with the checkout's start environment: `env` replaces itself
 * with the command, so the spawned process id is the command's own. Unchanged when there is none.
 */
export function withStartEnvironment(dir: string, command: string[]): string[] {
  const assignments = Object.entries(startEnvironment(dir)).map(([name, value]) => `${name}=${value}`);
  return assignments.length === 0 ? command : ['env', ...assignments, ...command];
}
