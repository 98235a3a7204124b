import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateWebsite, websiteCache } from './cache';

afterEach(() => vi.useRealTimers());

describe('websiteCache', () => {
  it('answers from the cache within the TTL and computes again after it', async () => {
    vi.useFakeTimers();
    const cache = websiteCache<number>({ ttlMs: 5000 });
    let n = 0;
    const produce = async () => ++n;
    expect(await cache.get(1, 'k', produce)).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(await cache.get(1, 'k', produce)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get(1, 'k', produce)).toBe(2);
  });

  it('shares one computation between concurrent misses and keeps no failure', async () => {
    const cache = websiteCache<number>({ ttlMs: 5000 });
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get(1, 'k', slow), cache.get(1, 'k', slow), cache.get(1, 'k', slow)])).toEqual([1, 1, 1]);
    await expect(cache.get(2, 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get(2, 'k', async () => 7)).toBe(7);
  });

  it('answers a settled value without waiting once computed, never a failure, and not past the TTL or an invalidation', async () => {
    vi.useFakeTimers();
    const cache = websiteCache<string>({ ttlMs: 1000 });
    let finish!: (v: string) => void;
    const pending = cache.get(1, 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.settled(1, 'k')).toBeUndefined(); // still being computed
    finish('answer');
    await pending;
    expect(cache.settled(1, 'k')).toEqual({ value: 'answer' });
    cache.put(1, 'p', Promise.resolve('put'));
    await Promise.resolve();
    expect(cache.settled(1, 'p')).toEqual({ value: 'put' });
    await cache.get(1, 'bad', () => Promise.reject(new Error('down'))).catch(() => undefined);
    expect(cache.settled(1, 'bad')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(cache.settled(1, 'k')).toBeUndefined();
    await cache.get(2, 'k', async () => 'two');
    invalidateWebsite(2);
    expect(cache.settled(2, 'k')).toBeUndefined();
  });

  it("keeps websites apart, and invalidateWebsite drops one website's entries (and those of no website) in every cache", async () => {
    const a = websiteCache<string>({ ttlMs: 60_000 });
    const b = websiteCache<string>({ ttlMs: 60_000 });
    await a.get(1, 'k', async () => 'a1');
    await a.get(2, 'k', async () => 'a2');
    await b.get(1, 'k', async () => 'b1');
    await b.get(null, 'host', async () => 'host1');
    expect(await a.get(2, 'k', async () => 'other')).toBe('a2');

    invalidateWebsite(1);
    expect(await a.get(1, 'k', async () => 'a1 again')).toBe('a1 again');
    expect(await b.get(1, 'k', async () => 'b1 again')).toBe('b1 again');
    expect(await b.get(null, 'host', async () => 'host again')).toBe('host again');
    expect(await a.get(2, 'k', async () => 'other')).toBe('a2');

    invalidateWebsite();
    expect(await a.get(2, 'k', async () => 'a2 again')).toBe('a2 again');
  });
});
