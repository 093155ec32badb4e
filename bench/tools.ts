import { join } from 'node:path';
import { importTool } from '../scripts/tools-on-demand';
import type { TraceEvent } from './main-thread';

/*
 * The benchmark's own tools (Lighthouse, chrome-launcher, autocannon) live in bench/tools/, a package
 * of their own with its own lockfile: the project's `npm install` never fetches them (about 250
 * packages and 190 MB that only `npm run bench` uses), and the first report that needs one installs
 * them (scripts/tools-on-demand.ts). They are typed below by the small part the benchmark reads, so
 * typecheck and lint pass without them installed.
 */

const TOOLS = join(import.meta.dirname, 'tools');
const WHAT = 'the benchmark tools (Lighthouse, autocannon, chrome-launcher)';
const load = (name: string) => importTool(TOOLS, WHAT, name);

type Histogram = { average: number; mean: number; p50: number; p99: number; max: number; total: number };

/** The options of autocannon's run the benchmark passes (autocannon ships no types). */
export type AutocannonOptions = {
  url: string;
  connections?: number;
  duration?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
};

export type AutocannonResult = {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};

export type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

/** Lighthouse's audit of one URL, as far as bench/lighthouse.ts reads it. */
export type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
    extraHeaders?: Record<string, string>;
  },
  config: undefined,
) => Promise<
  | {
      lhr: {
        runtimeError?: { message: string };
        audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
        categories: Record<string, { score: number | null } | undefined>;
        environment: { benchmarkIndex: number };
      };
      artifacts: { Trace: { traceEvents: TraceEvent[] } };
    }
  | undefined
>;

export type LaunchedChrome = { port: number; kill(): void };

export type LaunchChrome = (options: {
  chromePath: string;
  chromeFlags: string[];
}) => Promise<LaunchedChrome>;

let autocannon: Autocannon | undefined;

/** autocannon (CommonJS: its export is the run function). */
export async function loadAutocannon(): Promise<Autocannon> {
  autocannon ??= (await load('autocannon')).default as Autocannon;
  return autocannon;
}

/** Lighthouse's run function and chrome-launcher's `launch`. */
export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; launchChrome: LaunchChrome }> {
  const [lighthouse, chromeLauncher] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  return {
    lighthouse: lighthouse.default as Lighthouse,
    launchChrome: chromeLauncher.launch as LaunchChrome,
  };
}
