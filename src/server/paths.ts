import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project directory: the nearest folder above this module that holds package.json. The same
 * answer from the TypeScript sources (src/server) and from the compiled server (dist/server).
 */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('cannot find the project directory (no package.json above the server)');
    dir = parent;
  }
}

export const PROJECT_ROOT = projectRoot();
/** What `vite build` writes and the server serves. */
export const CLIENT_BUILD_DIR = join(PROJECT_ROOT, 'dist', 'client');
/** The SQL migrations drizzle-kit generates (drizzle.config.ts). */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'drizzle');
