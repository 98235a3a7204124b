import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydration in slices. A server-rendered page is taken over in one synchronous pass, and on a
 * phone a list of 24 cards plus the filters is one long task that blocks taps. Wrapped in
 * `<Later>`, a part keeps its server markup on screen and is taken over in its own task after the
 * rest (Preact keeps a suspended part's DOM while hydrating and hydrates it when it resumes), one
 * part per task, in the order they were rendered, `last` ones after the others.
 *
 * Outside hydration (the server, client-side navigation) `<Later>` renders its children at once.
 * Its box is `display: contents`, so a grid or flex parent lays out the children as before.
 */
export function Later({ children, last = false }: { children: ReactNode; last?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Gate last={last}>{children}</Gate>
    </Suspense>
  );
}

function Gate({ children, last }: { children: ReactNode; last: boolean }) {
  const [wait] = useState(() => (hydrating ? enqueue(last) : null));
  if (wait && !wait.done) throw wait.promise;
  return (
    <div ref={takenOver} data-later="" className="contents">
      {children}
    </div>
  );
}

/** Taken over: taps on its buttons are handled now, no longer recorded for replay (early-clicks.ts). */
const takenOver = (el: HTMLDivElement | null) => el?.removeAttribute('data-later');

interface Waiting {
  done: boolean;
  promise: Promise<void>;
  resume: () => void;
}

let hydrating = false;
const queue: Waiting[] = [];
const lastQueue: Waiting[] = [];
let finished: () => void = () => {};
let allDone: Promise<void> = Promise.resolve();
let running = false;

function enqueue(last: boolean): Waiting {
  const w = { done: false } as Waiting;
  w.promise = new Promise<void>((resolve) => {
    w.resume = () => {
      w.done = true;
      resolve();
    };
  });
  (last ? lastQueue : queue).push(w);
  return w;
}

/** Call around the synchronous hydrate call: parts rendered meanwhile wait their turn. */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  if (!running && (queue.length || lastQueue.length)) {
    running = true;
    allDone = new Promise<void>((r) => (finished = r));
    setTimeout(next, 0);
  }
  return allDone;
}

/** Resumes one part per task; the part re-renders in that task's microtasks. */
function next() {
  const w = queue.shift() ?? lastQueue.shift();
  if (!w) {
    running = false;
    finished();
    return;
  }
  w.resume();
  setTimeout(next, 0);
}
