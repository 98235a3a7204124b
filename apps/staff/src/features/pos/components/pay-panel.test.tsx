import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PayPanel } from './pay-panel';

const panel = (totalPaise: number) => {
  const onPay = vi.fn();
  render(<PayPanel totalPaise={totalPaise} vpa="" payee="Shop" note="GR1" busy={false} onPay={onPay} onCancel={() => {}} />);
  const complete = screen.getByRole('button', { name: 'Complete sale (Enter)' });
  return { onPay, complete };
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the payment panel', () => {
  it('takes the bill in cash and shows the change for what was tendered', () => {
    const { onPay, complete } = panel(23_450);
    expect(screen.getByRole('heading', { name: 'Pay ₹234.50' })).toBeTruthy();
    type('Cash tendered', '200');
    expect(screen.getByText('Change: —')).toBeTruthy();
    expect(screen.getByText('Cash tendered is less than the cash part')).toBeTruthy();
    expect((complete as HTMLButtonElement).disabled).toBe(true);
    type('Cash tendered', '500');
    expect(screen.getByText('Change: ₹265.50')).toBeTruthy();
    fireEvent.click(complete);
    expect(onPay).toHaveBeenCalledWith({ cash: 234.5, cash_tendered: 500, upi: 0, card: 0, card_ref: null });
  });

  it('splits cash and card: the parts must add up and the card needs its reference', () => {
    const { onPay, complete } = panel(10_000);
    type('Cash', '40');
    expect(screen.getByText('Payments add up to ₹40, the bill is ₹100')).toBeTruthy();
    type('Card', '60');
    expect(screen.getByText('Enter the card terminal’s reference')).toBeTruthy();
    type('Card terminal reference', ' T-991 ');
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(complete);
    expect(onPay).toHaveBeenCalledWith({ cash: 40, cash_tendered: 40, upi: 0, card: 60, card_ref: 'T-991' });
  });

  it('“All card” puts the whole bill on one tender', () => {
    const { onPay, complete } = panel(9_999);
    fireEvent.click(screen.getByRole('button', { name: 'All card' }));
    type('Card terminal reference', 'R1');
    fireEvent.click(complete);
    expect(onPay).toHaveBeenCalledWith({ cash: 0, cash_tendered: 0, upi: 0, card: 99.99, card_ref: 'R1' });
  });
});
