import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: comments, tests and docs point at our own documents
 * (docs/product.md#anchor, docs/decisions/), never at notes a clone does not contain (the product
 * brief by section number, the stack or style notes beside it, issue numbers), and every document
 * and anchor they point at exists.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SELF = relative(ROOT, import.meta.filename);

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'));
}

const CODE = /\.(ts|tsx|js|css)$/;
const codeFiles = () =>
  [
    ...['src', 'tests', 'bench', 'scripts', 'public'].flatMap((dir) => filesUnder(dir, CODE)),
    ...readdirSync(ROOT).filter((name) => /\.ts$/.test(name)),
  ].filter((file) => file !== SELF);
const markdownFiles = () => ['README.md', ...filesUnder('docs', /\.md$/)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

type Link = { file: string; doc: string; anchor: string };

/** `docs/x.md#anchor` in code and comments, resolved from the repository root. */
function codeLinks(file: string, text: string): Link[] {
  return [...text.matchAll(/\b(docs\/[\w/.-]+\.md)#([\w-]+)/g)].map((m) => ({
    file,
    doc: m[1] ?? '',
    anchor: m[2] ?? '',
  }));
}

/** Markdown links `[..](x.md#anchor)` and `[..](#anchor)`, resolved from the linking file. */
function markdownLinks(file: string, text: string): Link[] {
  return [...text.matchAll(/\]\(([^)\s#]*)#([\w-]+)\)/g)].map((m) => ({
    file,
    doc: m[1] ? relative(ROOT, resolve(ROOT, dirname(file), m[1])) : file,
    anchor: m[2] ?? '',
  }));
}

/** Every document a file names: `docs/x.md` in code, `[..](x.md)` in markdown, from the repository root. */
function documentsNamed(file: string, text: string): string[] {
  if (!file.endsWith('.md')) return [...text.matchAll(/\b(docs\/[\w/.-]+\.md)\b/g)].map((m) => m[1] ?? '');
  return [...text.matchAll(/\]\(([^)\s#:]+\.md)(?:#[\w-]+)?\)/g)].map((m) =>
    relative(ROOT, resolve(ROOT, dirname(file), m[1] ?? '')),
  );
}

/** Citations of notes that live outside the repository. */
function outsideCitations(text: string): string[] {
  const notes = /\bSPEC\b(?:\s*§\s*\d+)?|(?<!RFC \d+ )§\s*\d+|\b(?:SPEC|STACK|STYLE)\.md\b/g;
  const issues = /\bissue #?\d+\b/gi;
  return [...text.matchAll(notes), ...text.matchAll(issues)].map((m) => m[0]);
}

describe('references into docs/', () => {
  it('the scanners find what they look for (guards the checks below against matching nothing)', () => {
    expect(anchorsOf('## Signed-in chrome\n### Faults: what the server guarantees\n## A\n## A')).toEqual(
      new Set(['signed-in-chrome', 'faults-what-the-server-guarantees', 'a', 'a-1']),
    );
    expect(codeLinks('x.ts', '// see docs/product.md#today-screen.')).toEqual([
      { file: 'x.ts', doc: 'docs/product.md', anchor: 'today-screen' },
    ]);
    expect(markdownLinks('docs/decisions/001.md', '[a](../product.md#calls) [b](#context)')).toEqual([
      { file: 'docs/decisions/001.md', doc: 'docs/product.md', anchor: 'calls' },
      { file: 'docs/decisions/001.md', doc: 'docs/decisions/001.md', anchor: 'context' },
    ]);
    expect(outsideCitations('/** Rule (SPEC §4). See issue 9, STACK.md; RFC 6749 §4.1.2.1. */')).toEqual([
      'SPEC §4',
      'STACK.md',
      'issue 9',
    ]);
    expect(outsideCitations('the brief §2, and ../shared/STYLE.md')).toEqual(['§2', 'STYLE.md']);
    expect(documentsNamed('x.ts', '// docs/decisions/002-sign-in.md and docs/product.md#calls')).toEqual([
      'docs/decisions/002-sign-in.md',
      'docs/product.md',
    ]);
    expect(documentsNamed('docs/decisions/001.md', '[a](../product.md#calls) [b](002.md) [c](#x)')).toEqual([
      'docs/product.md',
      'docs/decisions/002.md',
    ]);
    expect(codeFiles().flatMap((file) => codeLinks(file, read(file))).length).toBeGreaterThan(100);
  });

  it('every document named in code, tests and docs exists', () => {
    const missing = [...codeFiles(), ...markdownFiles()].flatMap((file) =>
      documentsNamed(file, read(file))
        .filter((doc) => !existsSync(join(ROOT, doc)))
        .map((doc) => `${file} -> ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('every docs/…md#anchor cited in code, tests and docs is a heading of that document', () => {
    const links = [
      ...codeFiles().flatMap((file) => codeLinks(file, read(file))),
      ...markdownFiles().flatMap((file) => markdownLinks(file, read(file))),
    ];
    const anchors = new Map<string, Set<string>>();
    const missing = links
      .filter((link) => {
        if (!anchors.has(link.doc)) anchors.set(link.doc, anchorsOf(read(link.doc)));
        return !anchors.get(link.doc)?.has(link.anchor);
      })
      .map((link) => `${link.file} -> ${link.doc}#${link.anchor}`);
    expect(missing).toEqual([]);
  });

  it('the README names every environment variable the code reads (docs are part of the build)', () => {
    // The system's own: PATH, read only to pass it on to child processes, and TZ, which a test sets to
    // show that quick add never reads the machine's clock zone.
    const inherited = new Set(['PATH', 'TZ']);
    const names = new Set([
      ...codeFiles().flatMap((file) =>
        [...read(file).matchAll(/process\.env(?:\.|\[')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] ?? ''),
      ),
      // src/server/env.ts parses the server's settings from one zod object keyed by their names.
      ...[...read('src/server/env.ts').matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? ''),
    ]);
    expect(names.size).toBeGreaterThan(20);
    const readme = read('README.md');
    expect([...names].filter((name) => !inherited.has(name) && !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('nothing cites the brief by section, the notes beside it, or issue numbers', () => {
    const offending = [
      ...codeFiles(),
      // The product reference's index maps the brief's old section numbers to its own sections.
      ...markdownFiles(),
    ].flatMap((file) => {
      const text = file === 'docs/product.md' ? withoutSection(read(file), 'Index') : read(file);
      return outsideCitations(text).map((citation) => `${file}: ${citation}`);
    });
    expect(offending).toEqual([]);
  });
});

function read(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** The markdown without one `## heading` section (up to the next heading of the same level). */
function withoutSection(markdown: string, heading: string): string {
  return markdown.replace(new RegExp(`^## ${heading}\\n[\\s\\S]*?(?=^## )`, 'm'), '');
}
