import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '../src/server/modules/auth/sessions.service';
import { printTargets, type Target } from './engine-runs';
import { startFloorServer } from './lighthouse-floor';
import { longTasksAfterFirstPaint } from './main-thread';
import { benchServerCommand, startBenchServer } from './processes';
import { type Lighthouse, loadLighthouse } from './tools';

/*
 * `npm run bench -- lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range
 * phone, simulated slow 4G and a 4x slower CPU) of the landing page, Today and All Items, served by
 * the compiled server on the embedded database with the benchmark account (bench/seed.ts: 5 goals,
 * 200 tasks, 20 habits, 30 items on Today). Debian's Chromium, headless; medians of RUNS runs.
 * Targets from the performance work (docs/decisions/013-api-cost.md): score >= 95, total blocking
 * time <= 150 ms, largest contentful paint <= 2.0 s.
 *
 * Beside the screens, the same audit of React's floor (bench/lighthouse-floor.ts): a page that only
 * loads React and draws plain rows, once with 30 rows as on Today and once with none. Every page and
 * build is audited once per round, rounds repeated RUNS times, so the floor is measured at the same
 * moments as the screens; "TBT above floor" is a screen's blocking time less the 30-row floor's.
 * "long tasks ms" and "on CPU ms" read Lighthouse's trace at full speed (bench/main-thread.ts): the
 * main thread's tasks after the first paint that can count towards blocking time, and the part of them
 * spent running rather than waiting for the processor.
 *
 * LIGHTHOUSE_BESIDE=<commit> also builds that commit in a temporary worktree and serves it beside
 * this one; the audits alternate between the two builds, so a change to the client is judged in one
 * run on a machine whose speed drifts by the hour (a commit recent enough to build with today's
 * dependencies and to print the benchmark account: bench/server.ts).
 */

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BESIDE = process.env.LIGHTHOUSE_BESIDE;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type Page = { name: string; path: string; signedIn: boolean; floor?: true };

/** The floor the screens' blocking time is read against: as many rows as the benchmark's Today. */
const FLOOR_PAGE: Page = { name: "React's floor, 30 rows", path: '/?rows=30', signedIn: false, floor: true };

const PAGES: Page[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'Today', path: '/today', signedIn: true },
  { name: 'All Items', path: '/all-items', signedIn: true },
  FLOOR_PAGE,
  { name: "React's floor, no rows", path: '/?rows=0', signedIn: false, floor: true },
];

type Audit = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  speed: number;
  longWall: number;
  longCpu: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function audit(
  lighthouse: Lighthouse,
  url: string,
  port: number,
  cookie: string | undefined,
): Promise<Audit> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (process.env.LIGHTHOUSE_SAVE) {
    // LIGHTHOUSE_SAVE=dir keeps each report to read the long tasks and what the main thread did.
    const file = join(
      process.env.LIGHTHOUSE_SAVE,
      `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`,
    );
    writeFileSync(file, JSON.stringify(lhr));
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Script bytes as transferred (compressed), the figure the landing page's budget is stated in.
  const items = (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })
    ?.items;
  const js = (items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  const longTasks = longTasksAfterFirstPaint(result.artifacts.Trace.traceEvents);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js,
    // Lighthouse's own measure of the machine's speed at that moment (higher is faster): the figures
    // above are this machine's work scaled by a fixed 4, so they move with it.
    speed: lhr.environment.benchmarkIndex,
    longWall: longTasks.wallMs,
    longCpu: longTasks.cpuMs,
  };
}

/** Builds the production client and the benchmark server in `root` (this checkout or a worktree). */
function build(root: string): void {
  // The whole production build: the pre-rendered landing page and the precompressed files included.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  execFileSync('node', ['--import', 'tsx', 'scripts/build-server.ts', '--bench'], {
    cwd: root,
    stdio: 'ignore',
  });
}

type Build = { label: string; base: string; cookie?: string };

export async function runLighthouseReport(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`Skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROME_PATH).`);
    return;
  }
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    build(ROOT);
    const roots: Array<{ label: string; root: string }> = [{ label: 'this checkout', root: ROOT }];
    if (BESIDE) {
      const worktree = mkdtempSync(join(tmpdir(), 'stride-lighthouse-beside-'));
      execFileSync('git', ['worktree', 'add', '--detach', worktree, BESIDE], { cwd: ROOT, stdio: 'ignore' });
      cleanups.push(() => {
        execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: ROOT, stdio: 'ignore' });
      });
      symlinkSync(join(ROOT, 'node_modules'), join(worktree, 'node_modules'));
      build(worktree);
      roots.push({ label: BESIDE, root: worktree });
    }
    const builds: Build[] = [];
    for (const { label, root } of roots) {
      const dir = mkdtempSync(join(tmpdir(), 'stride-lighthouse-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const server = await startBenchServer(
        benchServerCommand(root),
        { DATA_DIR: join(dir, 'data') },
        { cwd: root },
      );
      cleanups.push(() => server.stop());
      builds.push({ label, base: server.base, cookie: `${SESSION_COOKIE}=${server.account.token}` });
    }
    const floorDir = mkdtempSync(join(tmpdir(), 'stride-lighthouse-floor-'));
    cleanups.push(() => rmSync(floorDir, { recursive: true, force: true }));
    const floorServer = await startFloorServer(floorDir);
    cleanups.push(() => floorServer.stop());
    const floor: Build = { label: 'React only', base: floorServer.base };
    const { lighthouse, launchChrome } = await loadLighthouse();
    const chrome = await launchChrome({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanups.push(() => chrome.kill());
    console.log(
      `Lighthouse ${RUNS} rounds of every page${BESIDE ? ` and build (this checkout and ${BESIDE})` : ''}, mobile (simulated slow 4G, 4x CPU slowdown), compiled server on PGlite; React's floor served from memory\n`,
    );
    const buildsOf = (page: Page) => (page.floor ? [floor] : builds);
    const audits = new Map<Page, Map<Build, Audit[]>>(
      PAGES.map((page) => [page, new Map(buildsOf(page).map((one) => [one, []]))]),
    );
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const page of PAGES) {
        for (const one of buildsOf(page)) {
          try {
            audits
              .get(page)
              ?.get(one)
              ?.push(
                await audit(
                  lighthouse,
                  `${one.base}${page.path}`,
                  chrome.port,
                  page.signedIn ? one.cookie : undefined,
                ),
              );
          } catch (error) {
            // Lighthouse's own trace recording fails now and then on a busy machine (NO_NAVSTART): the
            // run is counted as failed and shown, not repeated.
            failures.push(
              `${page.name}, ${one.label}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
    }
    for (const failure of failures) console.warn(`!!! ${failure}`);
    const medianOf = (page: Page, one: Build, key: keyof Audit) =>
      median(
        audits
          .get(page)
          ?.get(one)
          ?.map((a) => a[key]) ?? [],
      );
    const floorTbt = medianOf(FLOOR_PAGE, floor, 'tbt');
    const rows: Array<Record<string, string | number>> = [];
    for (const page of PAGES) {
      for (const one of buildsOf(page)) {
        const of = (key: keyof Audit) => medianOf(page, one, key);
        const score = of('score');
        const tbt = of('tbt');
        const lcp = of('lcp');
        rows.push({
          page: page.name,
          ...(BESIDE ? { build: one.label } : {}),
          runs: `${audits.get(page)?.get(one)?.length ?? 0} of ${RUNS}`,
          score,
          'FCP s': (of('fcp') / 1000).toFixed(2),
          'LCP s': (lcp / 1000).toFixed(2),
          'TBT ms': Math.round(tbt),
          'TBT above floor': page.floor ? '' : Math.round(tbt - floorTbt),
          // The trace itself, at full speed: the main thread's blocking-length tasks after the first
          // paint, and how much of that time it ran on a processor rather than waited for one.
          'long tasks ms': Math.round(of('longWall')),
          'on CPU ms': Math.round(of('longCpu')),
          CLS: of('cls').toFixed(3),
          'JS kB (transferred)': (of('js') / 1024).toFixed(1),
          'machine speed': Math.round(of('speed')),
          'targets (score>=95, TBT<=150, LCP<=2.0)': page.floor
            ? ''
            : score >= 95 && tbt <= 150 && lcp <= 2000
              ? 'met'
              : 'NOT met',
        });
      }
    }
    console.table(rows);
    // The first screen's targets (docs/benchmark.md): rows with the first paint, judged on this checkout.
    const checkout = builds[0];
    if (checkout) {
      const lcpTargets: Target[] = PAGES.filter((page) => page.signedIn && !page.floor).map((page) => {
        const lcp = medianOf(page, checkout, 'lcp');
        return {
          what: `${page.name}: LCP <= 1.2 s`,
          value: `${(lcp / 1000).toFixed(2)} s`,
          met: lcp <= 1200,
        };
      });
      printTargets(lcpTargets);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
