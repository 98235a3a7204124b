/**
 * The subscription's calendar (issue 44 §4): each day a list item with real buttons named in
 * full; Skip sends quantity 0, Deliver the usual quantity, Change then Save the chosen quantity; a
 * day past its cut-off has its buttons disabled and the reason beside them; a paused day none.
 */
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import type { CalendarDay } from '../words';
import { SubscriptionCalendar } from './calendar';

const dom = mountPoint();
const days: CalendarDay[] = [
  { date: '2026-12-04', quantity: 1, price_paise: 2_800, note: 'usual', changeable: false },
  { date: '2026-12-05', quantity: 1, price_paise: 2_800, note: 'usual', changeable: true },
  { date: '2026-12-06', quantity: 0, price_paise: 0, note: 'skipped', changeable: true },
  { date: '2026-12-07', quantity: 0, price_paise: 0, note: 'paused', changeable: true },
];
const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name);
const byText = (text: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === text);
const click = (b: HTMLButtonElement | undefined) =>
  act(async () => {
    b!.click();
    await Promise.resolve();
  });

describe('SubscriptionCalendar', () => {
  it('lists each day with its quantity and price under one accessible name', async () => {
    await dom.mount(<SubscriptionCalendar days={days} packName="500 ml" usual={1} cutoff="22:00" onSet={vi.fn()} />);
    const list = dom.container.querySelector('ol')!;
    expect(list.getAttribute('aria-label')).toBe('Deliveries in the next 30 days');
    expect(list.querySelectorAll('li')).toHaveLength(4);
    expect(list.textContent).toContain('Sat 5 Dec');
    expect(list.textContent).toContain('1 × 500 ml, ₹28');
    expect(list.textContent).toContain('Skipped');
    expect(list.textContent).toContain('Paused');
  });

  it('Skip sends 0 for that day; Deliver sends the usual quantity back', async () => {
    const onSet = vi.fn(() => Promise.resolve());
    await dom.mount(<SubscriptionCalendar days={days} packName="500 ml" usual={1} cutoff="22:00" onSet={onSet} />);
    await click(button('Saturday 5 December, 1 × 500 ml, ₹28 — skip'));
    expect(onSet).toHaveBeenLastCalledWith('2026-12-05', 0);
    await click(button('Sunday 6 December, Skipped — deliver 1 again'));
    expect(onSet).toHaveBeenLastCalledWith('2026-12-06', 1);
  });

  it('Change opens a quantity stepper; Save sends the new quantity', async () => {
    const onSet = vi.fn(() => Promise.resolve());
    await dom.mount(<SubscriptionCalendar days={days} packName="500 ml" usual={1} cutoff="22:00" onSet={onSet} />);
    await click(button('Saturday 5 December, 1 × 500 ml, ₹28 — change quantity'));
    const group = dom.container.querySelector('[role=group]')!;
    expect(group.getAttribute('aria-label')).toBe('Quantity for Sat 5 Dec');
    await click(group.querySelector<HTMLButtonElement>('button[aria-label="One more"]')!);
    await click(group.querySelector<HTMLButtonElement>('button[aria-label="One more"]')!);
    expect(group.querySelector('output')!.textContent).toBe('3');
    await click(byText('Save'));
    expect(onSet).toHaveBeenCalledWith('2026-12-05', 3);
    expect(onSet).toHaveBeenCalledTimes(1);
  });

  it('a day past its cut-off: buttons disabled, described by the reason', async () => {
    const onSet = vi.fn();
    await dom.mount(<SubscriptionCalendar days={days} packName="500 ml" usual={1} cutoff="22:00" onSet={onSet} />);
    const skip = button('Friday 4 December, 1 × 500 ml, ₹28 — skip')!;
    expect(skip.disabled).toBe(true);
    const reason = document.getElementById(skip.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toBe('Changes for Friday 4 December closed at 10 PM on Thursday');
    await click(skip);
    expect(onSet).not.toHaveBeenCalled();
    // a paused day has no buttons of its own
    expect(dom.container.querySelector('[data-testid="day-2026-12-07"] button')).toBeNull();
  });

  it('says so when nothing is delivered in the 30 days', async () => {
    await dom.mount(<SubscriptionCalendar days={[]} packName="500 ml" usual={1} cutoff="22:00" onSet={vi.fn()} />);
    expect(dom.container.textContent).toBe('No deliveries in the next 30 days.');
  });
});
