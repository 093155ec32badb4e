import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, clearStamp, sourceHash, writeStamp } from './source-stamp.mjs';

let root: string;
const put = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stride-stamp-'));
  put('src/server/main.ts', 'serve();');
  put('src/client/main.tsx', 'draw();');
  put('package.json', '{}');
  put('dist/server/main.js', 'built');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('is checked by plain Node, with no TypeScript loader (npm start runs it on every start)', () => {
    const script = new URL('./source-stamp.mjs', import.meta.url).href;
    const printed = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { sourceHash } from '${script}'; console.log(sourceHash(process.argv[1]));`,
        root,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(printed.trim()).toBe(sourceHash(root));
  });

  it('is current after a finished build and stale after a source changes', () => {
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    expect(buildIsCurrent(root)).toBe(true);
    put('src/client/main.tsx', 'draw(differently);');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('notices a new file, a renamed one and a changed configuration, but not a test', () => {
    const before = sourceHash(root);
    put('src/shared/domain/day.test.ts', 'it();');
    expect(sourceHash(root)).toBe(before);
    put('src/shared/domain/day.ts', 'export {};');
    const withNewFile = sourceHash(root);
    expect(withNewFile).not.toBe(before);
    rmSync(join(root, 'src/shared/domain/day.ts'));
    put('src/shared/domain/days.ts', 'export {};');
    expect(sourceHash(root)).not.toBe(withNewFile);
    const beforeConfig = sourceHash(root);
    put('vite.config.ts', 'export default {};');
    expect(sourceHash(root)).not.toBe(beforeConfig);
  });

  it("does not read a tool folder's installed packages", () => {
    const before = sourceHash(root);
    put('scripts/migration-tools/node_modules/drizzle-kit/bin.cjs', 'generate();');
    expect(sourceHash(root)).toBe(before);
  });

  it('is never current once a build has started (cleared) or when the server bundle is missing', () => {
    writeStamp(root);
    clearStamp(root);
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    rmSync(join(root, 'dist/server/main.js'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
