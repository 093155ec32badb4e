import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureToolsInstalled } from './tools-on-demand';

/*
 * `npm run db:generate`: drizzle-kit writes a SQL migration into drizzle/ from src/server/db/schema.ts
 * (drizzle.config.ts). drizzle-kit lives in scripts/migration-tools/, installed on first need
 * (scripts/tools-on-demand.ts); it finds the project's drizzle-orm by walking up to the root's
 * node_modules.
 */

const ROOT = join(import.meta.dirname, '..');
const TOOLS = join(import.meta.dirname, 'migration-tools');

ensureToolsInstalled(TOOLS, 'drizzle-kit');
execFileSync(join(TOOLS, 'node_modules', '.bin', 'drizzle-kit'), ['generate', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
