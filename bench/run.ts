import { runApiBenchmark } from './api';

/**
 * `npm run bench`: every report in order. Add another (e.g. a client bundle-size report in
 * bench/bundle.ts exporting `runBundleReport`) to this list.
 */
const reports: Array<{ name: string; run: () => Promise<void> }> = [{ name: 'API', run: runApiBenchmark }];

for (const report of reports) {
  console.log(`\n=== ${report.name} ===\n`);
  await report.run();
}
