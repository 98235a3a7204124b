import type { AdminOrder } from '@grocer/shared/admin-orders';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CancelOrder } from './cancel-order';

/** The fields the dialog reads of an order (the rest of the staff order is not needed here). */
const order = (provider: 'razorpay' | 'cod' | 'wallet', refundable: number) =>
  ({
    id: 'b1a7c1d2-0000-4000-8000-000000000001',
    ordernumber: 'GR1042',
    payment: { provider },
    refunds: { paid: refundable, refunded: 0, refund_pending: 0, refundable },
  }) as unknown as AdminOrder;

const dialog = (o: AdminOrder) => {
  const onCancel = vi.fn();
  render(<CancelOrder order={o} open onOpenChange={() => {}} busy={false} onCancel={onCancel} />);
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Customer asked' } });
  const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
  return { onCancel, confirm };
};

describe('cancelling an order from the order screen', () => {
  it('a UPI payment goes back through the gateway unless the wallet is chosen, and the dialog says which', () => {
    const { onCancel, confirm } = dialog(order('razorpay', 414));
    const said = () => screen.getByRole('alertdialog').textContent;
    expect(said()).toContain('₹414 is refunded through Razorpay.');
    expect((screen.getByRole('radio', { name: 'The original payment method (Razorpay, 5–7 days)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: "The customer's wallet (instant)" }));
    expect(said()).toContain("₹414 goes to the customer's wallet at once.");
    expect(said()).not.toContain('refunded through');
    confirm();
    expect(onCancel).toHaveBeenCalledWith({ reason: 'Customer asked', refund_to: 'wallet' });
  });

  it('the original method, left as it is, is sent as the choice', () => {
    const { onCancel, confirm } = dialog(order('razorpay', 414));
    confirm();
    expect(onCancel).toHaveBeenCalledWith({ reason: 'Customer asked', refund_to: 'source' });
  });

  it('cash on delivery not yet paid, or a wallet payment, asks no refund choice', () => {
    for (const [provider, refundable] of [
      ['cod', 0],
      ['wallet', 200],
    ] as const) {
      const { onCancel, confirm } = dialog(order(provider, refundable));
      expect(screen.queryByRole('radio')).toBeNull();
      confirm();
      expect(onCancel).toHaveBeenCalledWith({ reason: 'Customer asked' });
      cleanup();
    }
  });
});
