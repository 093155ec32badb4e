// @ts-check
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './source-stamp.mjs';

/*
 * `npm start`: builds only when the sources changed since the last finished build, so a second start
 * serves at once (docs/decisions/034-start-without-rebuilding.md), then runs the built server in this
 * same process: one Node start fewer than a check followed by `node dist/server/main.js`.
 * FORCE_BUILD=1 builds regardless.
 */
if (process.env.FORCE_BUILD !== '1' && buildIsCurrent()) {
  console.log('Build is current: starting without rebuilding (FORCE_BUILD=1 rebuilds).');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Named at run time: the build may not exist when this file is type-checked.
await import(new URL('../dist/server/main.js', import.meta.url).href);
