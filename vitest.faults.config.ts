import { defineConfig } from 'vitest/config';
import './tests/node20-map-group-by.ts';

/*
 * Fault tests (`npm run test:faults`, part of `npm test`): real server processes killed, databases
 * stopped and frozen, two servers side by side. They run after the other suites, so that their time
 * bounds are not measured on a machine busy with other tests, two files at a time: most of a file's
 * time is spent waiting (for a reminder's minute, a lease, a failover, a process to start), and every
 * file has its own processes, ports and databases (docs/decisions/025-suite-time.md).
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
