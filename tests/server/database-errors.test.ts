import { describe, expect, it } from 'vitest';
import { classifyDatabaseError } from '../../src/server/db/database-errors';

/** What a failover raises is "unavailable", a 503 with Retry-After (docs/decisions/035-database-failover.md). */
describe('classifyDatabaseError during a failover', () => {
  const withCode = (code: string) => Object.assign(new Error('failed query'), { cause: { code } });

  it.each([
    ['25006', 'a write reached a standby (read_only_sql_transaction)'],
    ['57P01', 'the primary was shut down under the connection'],
    ['08P01', 'PgBouncer: server conn crashed, or the login to the old primary fails'],
    ['08006', 'the connection failed'],
  ])('%s (%s) is unavailable', (code) => {
    expect(classifyDatabaseError(withCode(code))).toBe('unavailable');
  });

  it('a connection lost while a request held it is unavailable', () => {
    expect(classifyDatabaseError(new Error('Connection terminated while checked out'))).toBe('unavailable');
  });

  it('a constraint violation is not', () => {
    expect(classifyDatabaseError(withCode('23505'))).toBeUndefined();
  });
});
