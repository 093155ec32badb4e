import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { type Answer, READY_ID, type Reply, type Request, wireError } from './embedded-thread-protocol';
import { assertDurable, durableStartParams, embeddedFsyncCount, installRealFsync } from './pglite-durability';

/*
 * The embedded database's own thread (docs/decisions/040-embedded-database-thread.md): PGlite runs
 * every statement synchronously on the thread that calls it, so here a long statement holds this
 * thread and not the server's. It boots before its data directory is locked and waits for the first
 * message, which names the directory (db/embedded-worker-start.ts); it opens it exactly as the server
 * did before, then answers the server's messages (db/embedded-thread-protocol.ts) in the order they
 * come: a statement outside a transaction goes through PGlite's own queue, so it waits for an open
 * transaction to end, as it did in the server's thread.
 */

const port = parentPort;
if (!port) throw new Error('the embedded database worker runs in a worker thread');

function answer(answer: Answer): void {
  const reply: Reply = { ...answer, fsyncs: embeddedFsyncCount() };
  port?.postMessage(reply);
}

function answerWith(id: number, work: () => Promise<unknown>): void {
  work().then(
    (value) => answer({ id, ok: true, value }),
    (error: unknown) => answer({ id, ok: false, error: wireError(error) }),
  );
}

/** drizzle's parsers, which keep the text of these types: applied here, where functions can be. */
function queryOptions(request: Extract<Request, { op: 'query' }>): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.paramTypes) options.paramTypes = request.paramTypes;
  if (request.textTypes) {
    options.parsers = Object.fromEntries(request.textTypes.map((type) => [type, (value: string) => value]));
  }
  return options;
}

/**
 * A transaction the server's thread holds open: PGlite's, once it has begun, and how to end it. The
 * server sends the transaction's first statement without waiting for the answer to its begin (a round
 * trip fewer a transaction, db/embedded-thread.ts), so statements wait here for it to begin.
 */
type Open = { tx: Promise<Transaction>; end: (commit: boolean, replyId: number) => void };
const open = new Map<number, Open>();

/** Thrown into PGlite's transaction to roll it back; never leaves this file (compared by identity). */
const ROLLBACK = new Error("rolled back at the server thread's request");

function begin(pglite: PGlite, id: number): void {
  let begun = false;
  let endId = id;
  let decide: (commit: boolean) => void = () => undefined;
  const decided = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let started: (tx: Transaction) => void = () => undefined;
  let notStarted: (error: unknown) => void = () => undefined;
  const tx = new Promise<Transaction>((resolve, reject) => {
    started = resolve;
    notStarted = reject;
  });
  // Its failure is told to each statement that waits for it, and to the end.
  tx.catch(() => undefined);
  open.set(id, {
    tx,
    end: (commit, replyId) => {
      endId = replyId;
      decide(commit);
    },
  });
  pglite
    .transaction(async (transaction) => {
      begun = true;
      started(transaction);
      answer({ id, ok: true, value: id });
      if (!(await decided)) throw ROLLBACK;
    })
    .then(
      () => answer({ id: endId, ok: true, value: undefined }),
      async (error: unknown) => {
        if (error === ROLLBACK) {
          answer({ id: endId, ok: true, value: undefined });
          return;
        }
        if (!begun) {
          // Never begun: its statements fail with why, and so does its end, once the server sends it.
          notStarted(error);
          answer({ id, ok: false, error: wireError(error) });
          await decided;
        }
        answer({ id: endId, ok: false, error: wireError(error) });
      },
    )
    .finally(() => open.delete(id));
}

function transactionOf(tx: number): Promise<Transaction> {
  const found = open.get(tx);
  if (!found) return Promise.reject(new Error('Transaction is closed'));
  return found.tx;
}

function serve(pglite: PGlite, request: Request): void {
  switch (request.op) {
    case 'query': {
      const { tx, text, params } = request;
      answerWith(request.id, () =>
        tx === undefined
          ? pglite.query(text, params, queryOptions(request))
          : transactionOf(tx).then((transaction) => transaction.query(text, params, queryOptions(request))),
      );
      return;
    }
    case 'exec': {
      const { tx, text, rowMode } = request;
      const options = rowMode ? { rowMode } : {};
      answerWith(request.id, () =>
        tx === undefined
          ? pglite.exec(text, options)
          : transactionOf(tx).then((transaction) => transaction.exec(text, options)),
      );
      return;
    }
    case 'begin':
      begin(pglite, request.id);
      return;
    case 'rollback':
      answerWith(request.id, () => transactionOf(request.tx).then((transaction) => transaction.rollback()));
      return;
    case 'end': {
      const found = open.get(request.tx);
      if (found) found.end(request.commit, request.id);
      else answer({ id: request.id, ok: false, error: wireError(new Error('Transaction is closed')) });
      return;
    }
    case 'close':
      // Answered before the port closes, so the answer still goes out; the thread then ends by itself.
      pglite
        .close()
        .then(
          () => answer({ id: request.id, ok: true, value: undefined }),
          (error: unknown) => answer({ id: request.id, ok: false, error: wireError(error) }),
        )
        .finally(() => port?.close());
      return;
  }
}

/** The open database, once the first message has opened it. */
let database: PGlite | undefined;
let opening = false;

async function openAt(dataDir: string): Promise<void> {
  opening = true;
  try {
    const pglite = await PGlite.create({ dataDir, startParams: durableStartParams() });
    installRealFsync(pglite);
    await assertDurable(pglite);
    database = pglite;
  } catch (error) {
    answer({ id: READY_ID, ok: false, error: wireError(error) });
    port?.close();
    return;
  }
  answer({ id: READY_ID, ok: true, value: undefined });
}

/** Asked of a thread not yet open, or opened twice: the server never does either (db/embedded-thread.ts). */
const OUT_OF_TURN = new Error('the embedded database opens once, before any statement');

port.on('message', (request: Request) => {
  if (request.op === 'open' && !opening) void openAt(request.dataDir);
  else if (database && request.op !== 'open') serve(database, request);
  else answer({ id: request.id, ok: false, error: wireError(OUT_OF_TURN) });
});
