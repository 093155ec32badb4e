import { messages } from '@electric-sql/pglite';

/*
 * The messages between the server's thread and the embedded database's thread (db/embedded-thread.ts,
 * db/embedded-database-worker.ts; docs/decisions/040-embedded-database-thread.md). They travel by
 * structured clone, so they hold no functions: a query's parsers become the list of types whose text
 * is kept as PostgreSQL sends it, and an error becomes its fields.
 */

export type RowMode = 'array' | 'object';

/** What the server's thread asks; `tx` names the open transaction a statement belongs to. */
export type Request =
  /** The first message: the thread has booted and waits for it (db/embedded-worker-start.ts). */
  | { id: typeof READY_ID; op: 'open'; dataDir: string }
  | {
      id: number;
      op: 'query';
      text: string;
      params?: unknown[] | undefined;
      rowMode?: RowMode | undefined;
      /** Types whose values stay PostgreSQL's text (drizzle's parsers for dates and intervals). */
      textTypes?: number[] | undefined;
      paramTypes?: number[] | undefined;
      tx?: number | undefined;
    }
  | { id: number; op: 'exec'; text: string; rowMode?: RowMode | undefined; tx?: number | undefined }
  /** Opens a transaction; the answer is its number, for the statements and the end that follow. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'rollback'; tx: number }
  /** Ends the transaction: commits it (unless rolled back already) or rolls it back. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** The first request's and answer's id: open the data directory; it is open (or why not). */
export const READY_ID = 0;

/**
 * Every answer carries the thread's count of real fsyncs so far (db/pglite-durability.ts), so the
 * count the tests and the benchmark read is current when the statement that caused them returns.
 */
export type Reply = Answer & { fsyncs: number };

export type Answer = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: WireError });

export type WireError = { name: string; message: string; stack?: string; fields: Record<string, unknown> };

/** An error as fields that survive structured clone: PGlite's DatabaseError keeps code, constraint... */
export function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // PGlite adds the query's options, parsers included: whatever cannot be cloned stays behind.
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable
    }
  }
  const wire: WireError = { name: error.name, message: error.message, fields };
  if (error.stack !== undefined) wire.stack = error.stack;
  return wire;
}

/**
 * The error again, with every field it had. A database error is rebuilt as PGlite's own DatabaseError,
 * so code that looks at its class or fields (db/database-errors.ts) sees what an in-process PGlite
 * raises.
 */
export function rebuiltError(wire: WireError): Error {
  const error =
    typeof wire.fields.severity === 'string'
      ? new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error')
      : new Error(wire.message);
  Object.assign(error, wire.fields);
  if (!(error instanceof messages.DatabaseError)) error.name = wire.name;
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}
