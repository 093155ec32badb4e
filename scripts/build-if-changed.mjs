// @ts-check
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './source-stamp.mjs';

/*
 * `npm start`, part one: builds only when the sources changed since the last finished build, so a
 * second start serves at once (docs/decisions/034-start-without-rebuilding.md).
 * FORCE_BUILD=1 builds regardless.
 */
if (process.env.FORCE_BUILD !== '1' && buildIsCurrent()) {
  console.log('Build is current: starting without rebuilding (FORCE_BUILD=1 rebuilds).');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exitCode = build.status ?? 1;
}
