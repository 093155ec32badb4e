import { runApiBenchmark } from './api';
import { runBundleReport } from './bundle';
import { runClusterBenchmark } from './cluster';
import { runFailoverBenchmark } from './failover';
import { runFairnessBenchmark } from './fairness';
import { runFootprintReport } from './footprint';
import { runHistoryBenchmark } from './history';
import { runLighthouseReport } from './lighthouse';
import { runLoadBenchmark } from './load';
import { runPlanBenchmark } from './plan';
import { runRemindersBenchmark } from './reminders';
import { runSearchBenchmark } from './search';
import { runSoakBenchmark } from './soak';

/**
 * `npm run bench`: every report in order. `npm run bench -- bundle` (or `api`, `plan`, `history`, `load`, `cluster`, `failover`, `lighthouse`, `search`, `reminders`, `footprint`, `fairness`, `soak`) runs only the reports
 * whose names are given.
 */
const reports: Array<{ name: string; run: () => Promise<void>; onlyWhenNamed?: boolean }> = [
  { name: 'api', run: runApiBenchmark },
  { name: 'plan', run: runPlanBenchmark },
  { name: 'history', run: runHistoryBenchmark },
  { name: 'bundle', run: runBundleReport },
  { name: 'load', run: runLoadBenchmark },
  { name: 'cluster', run: runClusterBenchmark },
  { name: 'failover', run: runFailoverBenchmark },
  { name: 'lighthouse', run: runLighthouseReport },
  { name: 'search', run: runSearchBenchmark },
  { name: 'reminders', run: runRemindersBenchmark },
  { name: 'footprint', run: runFootprintReport },
  { name: 'fairness', run: runFairnessBenchmark },
  // Half an hour per engine: only when named (`npm run bench -- soak`).
  { name: 'soak', run: runSoakBenchmark, onlyWhenNamed: true },
];

const wanted = process.argv.slice(2).map((name) => name.toLowerCase());
const unknown = wanted.filter((name) => !reports.some((report) => report.name === name));
if (unknown.length > 0) {
  console.error(`Unknown report: ${unknown.join(', ')}. Reports: ${reports.map((r) => r.name).join(', ')}.`);
  process.exit(2);
}

for (const report of reports) {
  if (wanted.length > 0 ? !wanted.includes(report.name) : report.onlyWhenNamed) continue;
  console.log(`\n=== ${report.name} ===\n`);
  await report.run();
}
