/** What a globalSetup hands to the test files: where each file gets its fresh database from. */
export type TestDatabaseSource =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; adminUrl: string; template: string; urlPrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
    /** An empty embedded database, as a snapshot and as a data directory (made-databases.ts). */
    emptyDatabase: { snapshotPath: string; dataDir: string };
  }
}

export const TEMPLATE_DATABASE = 'stride_template';
