import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * Tools that only one rarely run command uses (the benchmark's Lighthouse and autocannon, drizzle-kit
 * for `npm run db:generate`) live in a folder of their own with its own package.json and lockfile, so
 * the project's `npm install` never fetches them (docs/decisions/038-lean-install.md). The command
 * installs its folder the first time it needs it; later runs find it installed.
 */

type Manifest = { dependencies: Record<string, string> };
type Lockfile = { packages: Record<string, { version?: string }> };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Whether every package `dir` depends on is installed at the version its lockfile names. */
function installed(dir: string): boolean {
  const { dependencies } = readJson<Manifest>(join(dir, 'package.json'));
  const { packages } = readJson<Lockfile>(join(dir, 'package-lock.json'));
  return Object.keys(dependencies).every((name) => {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    return (
      existsSync(manifest) &&
      readJson<{ version: string }>(manifest).version === packages[`node_modules/${name}`]?.version
    );
  });
}

const ready = new Set<string>();

/** Installs the tools folder `dir` from its lockfile unless it is already there; `what` names them. */
export function ensureToolsInstalled(dir: string, what: string): void {
  if (ready.has(dir)) return;
  if (!installed(dir)) {
    console.log(`Installing ${what} into ${dir}, once…`);
    const started = Date.now();
    // `npm install`, not `npm ci`: with the lockfile present it reproduces it, and `npm ci` fails on
    // other platforms' optional packages missing from lockfiles made here (README, "Install").
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`Installed ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  ready.add(dir);
}

/** Imports package `name` from the tools folder `dir`, installing the folder first if needed. */
export async function importTool(dir: string, what: string, name: string): Promise<Record<string, unknown>> {
  ensureToolsInstalled(dir, what);
  const resolved = createRequire(join(dir, 'package.json')).resolve(name);
  return (await import(pathToFileURL(resolved).href)) as Record<string, unknown>;
}
