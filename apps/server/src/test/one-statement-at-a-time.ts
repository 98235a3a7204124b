// Setup of the PostgreSQL test project: a statement sent on a connection that is still running
// one fails. A transaction holds one connection, so its statements must go one after another (no
// Promise.all over `tx`): pg 8 queues such a statement (with a deprecation warning from the third
// on), pg 9 refuses it. Thrown where it is sent, so the failing test names the place.
import pg from 'pg';

// Once per worker: the API files share their modules (isolate: false) and this file runs before each.
const checked = Symbol.for('grocer.one-statement-at-a-time');
const proto = pg.Client.prototype as typeof pg.Client.prototype & { [checked]?: true };
if (!proto[checked]) {
  proto[checked] = true;
  const query = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const state = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
    if (state._activeQuery || state._queryQueue.length)
      throw new Error("A statement was sent on a connection still running one (a transaction's statements at once: Promise.all over tx?)");
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}
