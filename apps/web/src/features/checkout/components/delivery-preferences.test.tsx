/**
 * The checkout's delivery choices (issue 39 §16): instruction chips toggle in a fixed order, the tip
 * takes a preset or a whole-rupee amount up to the cap (anything else is said where it is typed and
 * holds the order back), and the substitution preference is one of three.
 */
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { DeliveryInstructions, SubstitutionChooser, TipChooser, type DeliveryPrefs } from './delivery-preferences';

const dom = mountPoint();
let last: DeliveryPrefs;

function Harness() {
  const [prefs, setPrefs] = useState<DeliveryPrefs>({ instructions: [], notes: '', tip: 0, substitution: 'call' });
  last = prefs;
  return (
    <>
      <DeliveryInstructions value={prefs} onChange={setPrefs} />
      <SubstitutionChooser value={prefs} onChange={setPrefs} />
      <TipChooser value={prefs} onChange={setPrefs} />
    </>
  );
}

const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const type = async (input: HTMLInputElement, value: string) => {
  input.value = value;
  await act(() => {
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('delivery preferences at checkout', () => {
  it('toggles instructions (kept in the list order) and picks one substitution preference', async () => {
    dom.mount(<Harness />);
    await act(() => button("Don't ring the bell").click());
    await act(() => button('Leave at the door').click());
    expect(last.instructions).toEqual(['leave_at_door', 'no_bell']);
    expect(button('Leave at the door').getAttribute('aria-pressed')).toBe('true');
    await act(() => button("Don't ring the bell").click());
    expect(last.instructions).toEqual(['leave_at_door']);
    await act(() => button('Refund the item').click());
    expect(last.substitution).toBe('refund');
    expect(button('Refund the item').getAttribute('aria-checked')).toBe('true');
    expect(button('Call me').getAttribute('aria-checked')).toBe('false');
  });

  it('takes a preset tip or a whole-rupee amount up to ₹200; anything else is refused where typed', async () => {
    dom.mount(<Harness />);
    expect(button('No tip').getAttribute('aria-checked')).toBe('true');
    await act(() => button('₹20').click());
    expect(last.tip).toBe(20);
    await act(() => button('Other').click());
    const input = dom.container.querySelector<HTMLInputElement>('#tip-amount')!;
    await type(input, '250');
    expect(last.tip).toBeNull();
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe('Tip at most ₹200');
    await type(input, '12.5');
    expect(last.tip).toBeNull();
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe('Tip whole rupees');
    await type(input, '45');
    expect(last.tip).toBe(45);
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
    await act(() => button('₹10').click());
    expect(last.tip).toBe(10);
    expect(dom.container.querySelector('#tip-amount')).toBeNull();
  });
});
