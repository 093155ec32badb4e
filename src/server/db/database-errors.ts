/*
 * What a failed query means for the caller, from the error the driver raised. Drizzle wraps driver
 * errors (DrizzleQueryError) with the SQL and its parameters in the message, so only `code` and the
 * class names are read here, and nothing of the message ever reaches a log or an answer.
 */

export type DatabaseFailure =
  /** The database cannot be reached or did not answer in time: try again later (503). */
  | 'unavailable'
  /** Two writes collided (deadlock, serialization): safe to try again at once (503). */
  | 'contention'
  /** A row this write depends on was deleted meanwhile (foreign key): the item is gone (404). */
  | 'gone';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ENOSPC',
  '57014', // query_canceled: statement_timeout fired
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '58030', // io_error
  // A write reached a server that is (or has just become) a standby: during a failover, until the
  // pooler follows the new primary (docs/decisions/035-database-failover.md).
  '25006', // read_only_sql_transaction
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const CONTENTION_CODES = new Set(['40P01', '40001', '55P03']);
const GONE_CODES = new Set(['23503']);

// node-postgres reports its own timeouts and lost connections without a code.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'connection timeout',
  'PGlite is closed',
];

/** The chain of causes, outermost first (Drizzle's wrapper, then the driver's error). */
function* causes(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

export function codeOf(error: unknown): string | undefined {
  for (const item of causes(error)) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    if (CONTENTION_CODES.has(code)) return 'contention';
    if (GONE_CODES.has(code)) return 'gone';
  }
  for (const item of causes(error)) {
    const message = item instanceof Error ? item.message : '';
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return 'unavailable';
  }
  return undefined;
}

/** The class names along the cause chain: what a log may say about an unexpected failure. */
export function errorClasses(error: unknown): string[] {
  return [...causes(error)].map((item) =>
    item instanceof Error ? item.constructor.name || item.name : typeof item,
  );
}
