import { defineConfig } from 'vitest/config';
import './tests/node20-map-group-by.ts';

/*
 * Fault tests (`npm run test:faults`, part of `npm test`): real server processes killed, databases
 * stopped and frozen, two servers side by side. They run one file at a time, after the other suites,
 * so that their time bounds are not measured on a machine busy with other tests.
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
