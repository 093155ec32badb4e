import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceWorker, precacheList } from '../../scripts/build-service-worker';

/*
 * The service worker's build (docs/decisions/018-installable-app.md): it keeps the app shell and every
 * built file, nothing the server would refuse or that is not the app, and its version follows the
 * files' contents.
 */
const root = mkdtempSync(join(tmpdir(), 'stride-sw-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, text = path) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

file('index.html', '<div id="root"></div>');
file('landing.html');
file('assets/index-abc123.js', 'console.log(1)');
file('assets/index-abc123.js.br');
file('assets/index-abc123.js.gz');
file('assets/today-def456.js.map');
file('.vite/manifest.json');
file('icons/icon-192.png');
file('manifest.webmanifest');

describe('precacheList', () => {
  it('lists the shell and the built files, without compressed twins, maps, notes or the landing page', () => {
    expect(precacheList(root).urls).toEqual([
      '/assets/index-abc123.js',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('changes its version when a file’s contents change, and only then', () => {
    const before = precacheList(root).version;
    expect(precacheList(root).version).toBe(before);
    file('assets/index-abc123.js', 'console.log(2)');
    expect(precacheList(root).version).not.toBe(before);
  });
});

describe('buildServiceWorker', () => {
  it('writes sw.js with the list and version filled in, and leaves itself out of the list', async () => {
    const { urls, version } = await buildServiceWorker(root);
    const worker = readFileSync(join(root, 'sw.js'), 'utf8');
    expect(worker).toContain(`stride-shell-`);
    expect(worker).toContain(version);
    for (const url of urls) expect(worker).toContain(url);
    expect(precacheList(root).urls).not.toContain('/sw.js');
    expect(worker).not.toContain('PRECACHE_URLS');
  });
});
