import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically a lazy component) only in the browser, after the page has
 * been taken over: the server renders synchronously and cannot wait for a lazy chunk, and a part
 * that is personal (this shopper's cart) has nothing to say on the server anyway.
 */
export function AfterMount({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
