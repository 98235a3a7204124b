// Setup of the PostgreSQL test project: a statement sent on a connection that is still running
// one fails. A transaction holds one connection, so its statements must go one after another (no
// Promise.all over `tx`): pg 8 queues such a statement (with a deprecation warning from the third
// on), pg 9 refuses it. Thrown where it is sent, so the failing test names the place.
import pg from 'pg';

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const state = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
  if (state._activeQuery || state._queryQueue.length)
    throw new Error("A statement was sent on a connection still running one (a transaction's statements at once: Promise.all over tx?)");
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
