import pg from 'pg';

/*
 * A pg pool that gives back a connection lost while someone holds it (docs/decisions/035-database-failover.md).
 *
 * drizzle-orm's transaction() checks a connection out and sends BEGIN before its try/finally: when BEGIN
 * fails (the primary was killed, PgBouncer closed the connection), the connection is never released.
 * Each such failure kept one of the pool's ten for good; after a failover an instance had none left and
 * answered 503 until restarted. Here a checked-out connection that errors or ends is released at once,
 * with its error (so the pool discards it), and a later release by its holder does nothing.
 */

type Release = (error?: Error | boolean) => void;

function releasedOnLoss(client: pg.PoolClient): pg.PoolClient {
  const release: Release = client.release.bind(client);
  let released = false;
  const finish = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', lost);
    client.off('end', ended);
    release(error);
  };
  function lost(error: Error) {
    finish(error);
  }
  function ended() {
    finish(new Error('Connection terminated while checked out'));
  }
  client.on('error', lost);
  client.on('end', ended);
  client.release = finish;
  return client;
}

export class LostConnectionPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): Promise<pg.PoolClient> | undefined {
    // The pool's own query() uses the callback form and releases on error itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releasedOnLoss);
  }
}
