/**
 * The shopper's order tracker (issue 45 §5): the steps done and ahead with the slot; once out, the
 * stops before theirs ("You’re next" at none), the rider's first name, a call to the shop's number
 * and the distance when shared; a cancelled order plainly; and it asks again by itself while out,
 * showing the new count without a reload.
 */
import type { OrderTracking } from '@grocer/shared/delivery-trips';
import { trackSteps } from '@grocer/shared/delivery-trips';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { refetchEvery } from '../api/tracking';
import { distanceText, OrderTracker, TrackerView } from './tracker';

const dom = mountPoint();
const at = '2026-11-29T04:30:00.000Z';
const history = [
  { status: 'placed', at },
  { status: 'confirmed', at },
  { status: 'packed', at },
  { status: 'shipped', at },
];
const base = (over: Partial<OrderTracking> = {}): OrderTracking => ({
  order_id: 'o1',
  ordernumber: 'ORD-1042',
  status: 'packed',
  steps: trackSteps('packed', history.slice(0, 3)),
  ended: null,
  slot: { date: '2026-11-29', start_time: '18:00', end_time: '21:00' },
  today: '2026-11-29',
  out: null,
  refresh: 60,
  ...over,
});
const out = (over: Partial<NonNullable<OrderTracking['out']>> = {}): OrderTracking =>
  base({
    status: 'shipped',
    steps: trackSteps('shipped', history),
    out: { stops_before: 3, rider: 'Ravi', call_url: 'tel:+918040001234', distance_m: null, position_at: null, ...over },
    refresh: 20,
  });
const text = () => dom.container.textContent ?? '';
const states = () =>
  [...dom.container.querySelectorAll('ol > li')].map(
    (li) => `${li.querySelector('.text-xs')?.textContent}${li.getAttribute('aria-current') ? '*' : ''}`,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the tracker', () => {
  it('before the order goes out: every step, where it is now, and the slot', () => {
    dom.mount(<TrackerView tracking={base()} />);
    expect(states()).toEqual(['Placed', 'Confirmed', 'Packed*', 'Out for delivery', 'Delivered']);
    expect(text()).toContain('Arriving Today 6:00 PM – 9:00 PM');
    expect(dom.container.querySelector('[data-testid=tracker-out]')).toBeNull();
  });

  it('out for delivery: the stops before yours, the rider’s first name, a call to the shop', () => {
    dom.mount(<TrackerView tracking={out()} />);
    expect(states()).toEqual(['Placed', 'Confirmed', 'Packed', 'Out for delivery*', 'Delivered']);
    expect(dom.container.querySelector('[data-testid=stops-before]')!.textContent).toBe('3 stops before yours');
    expect(text()).toContain('Ravi is bringing your order');
    const call = dom.container.querySelector<HTMLAnchorElement>('[data-testid=call-rider]')!;
    expect(call.getAttribute('href')).toBe('tel:+918040001234');
    expect(text()).toContain('Quote order #ORD-1042');
    expect(dom.container.querySelector('[data-testid=rider-distance]')).toBeNull();
  });

  it('one stop, none, and a shared position as a distance', () => {
    dom.mount(<TrackerView tracking={out({ stops_before: 1 })} />);
    expect(dom.container.querySelector('[data-testid=stops-before]')!.textContent).toBe('1 stop before yours');
    dom.mount(<TrackerView tracking={out({ stops_before: 0, distance_m: 1234, position_at: at, call_url: null })} />);
    expect(dom.container.querySelector('[data-testid=stops-before]')!.textContent).toBe('You’re next');
    expect(dom.container.querySelector('[data-testid=rider-distance]')!.textContent).toMatch(/^1\.2 km away · updated /);
    expect(dom.container.querySelector('[data-testid=call-rider]')).toBeNull();
    expect([distanceText(20), distanceText(780), distanceText(1_000), distanceText(15_400)]).toEqual(['50 m', '800 m', '1.0 km', '15 km']);
  });

  it('a cancelled order: the steps it reached, then Cancelled, nothing ahead', () => {
    const h = [...history.slice(0, 2), { status: 'cancelled', at }];
    dom.mount(
      <TrackerView tracking={base({ status: 'cancelled', steps: trackSteps('cancelled', h), ended: { status: 'cancelled', at } })} />,
    );
    expect(states()).toEqual(['Placed', 'Confirmed', 'Cancelled*']);
    expect(text()).not.toContain('Arriving');
  });

  it('asks again by itself while out, and shows the new count without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout'] });
    try {
      const answers = [out({ stops_before: 1 }), out({ stops_before: 0 })];
      const fetch = vi.fn(async (url: string) => {
        expect(url).toContain('/s/api/orders/o1/tracking');
        return new Response(JSON.stringify(answers.length > 1 ? answers.shift() : answers[0]), {
          headers: { 'content-type': 'application/json' },
        });
      });
      vi.stubGlobal('fetch', fetch);
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      dom.mount(
        <QueryClientProvider client={client}>
          <OrderTracker id="o1" status="shipped" />
        </QueryClientProvider>,
      );
      await vi.waitFor(() => expect(dom.container.querySelector('[data-testid=stops-before]')?.textContent).toBe('1 stop before yours'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      await vi.waitFor(() => expect(dom.container.querySelector('[data-testid=stops-before]')?.textContent).toBe('You’re next'));
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every 20 s while out, every minute before, never once it ended', () => {
    expect(refetchEvery(out())).toBe(20_000);
    expect(refetchEvery(base())).toBe(60_000);
    expect(refetchEvery(base({ status: 'delivered', refresh: 0 }))).toBe(false);
    expect(refetchEvery(undefined)).toBe(false);
  });
});
