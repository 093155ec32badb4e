// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * What `npm run build` was made from, so `npm start` can skip a build when nothing changed
 * (docs/decisions/034-start-without-rebuilding.md). The stamp is a hash of every file the build reads;
 * `npm run build` clears it first and writes it last, so a build that failed or was made by hand from
 * other sources never looks current.
 * Plain JavaScript that Node runs as it is: the check runs on every `npm start`, and loading a
 * TypeScript loader for it cost more than the check itself (bench/notes/footprint.md).
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} root */
const stampIn = (root) => join(root, 'dist', '.source-hash');

/** The build's inputs: the sources, the build scripts and the files that configure them. */
const INPUT_DIRS = ['src', 'scripts', 'public', 'drizzle'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
/**
 * Tests are not built: changing one does not need a new build.
 * @param {string} name
 */
const isTest = (name) => /\.test\.tsx?$/.test(name);
/**
 * A tool folder's own install (scripts/migration-tools/node_modules: scripts/tools-on-demand.ts) is no input.
 * @param {string} name
 */
const isInstall = (name) => name === 'node_modules';

/**
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return isInstall(entry.name) ? [] : filesUnder(path);
    return entry.isFile() && !isTest(entry.name) ? [path] : [];
  });
}

/**
 * A hash of the inputs' paths and contents (not their times: a checkout touches every file).
 * @param {string} [root]
 * @returns {string}
 */
export function sourceHash(root = repoRoot) {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(join(root, dir))),
    ...INPUT_FILES.map((file) => join(root, file)).filter(
      (file) => existsSync(file) && statSync(file).isFile(),
    ),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * True when dist holds a finished build of exactly the current sources.
 * @param {string} [root]
 * @returns {boolean}
 */
export function buildIsCurrent(root = repoRoot) {
  const stamp = stampIn(root);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'server', 'main.js'))) return false;
  return readFileSync(stamp, 'utf8').trim() === sourceHash(root);
}

/**
 * `npm run build` clears the stamp before it starts and writes it when it has finished.
 * @param {string} [root]
 */
export function clearStamp(root = repoRoot) {
  rmSync(stampIn(root), { force: true });
}

/** @param {string} [root] */
export function writeStamp(root = repoRoot) {
  writeFileSync(stampIn(root), `${sourceHash(root)}\n`);
}

// Run as a script by `npm run build`: `clear` before it, `write` after it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'clear') clearStamp();
  else if (process.argv[2] === 'write') writeStamp();
  else throw new Error('usage: source-stamp.mjs clear|write');
}
