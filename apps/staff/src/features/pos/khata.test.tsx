import { fireEvent, render, screen } from '@testing-library/react';
import { formatINR } from '@grocer/shared/money';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PayPanel } from './components/pay-panel';
import { tenderPayment, type PaymentFields } from './payment';

// Issue 44 §2 at the till: a sale's rest put on the customer's khata, never past the credit left.

const fields = (f: Partial<PaymentFields>): PaymentFields => ({
  cash: '0',
  tendered: '',
  upi: '0',
  card: '0',
  cardRef: '',
  upiReceived: false,
  khata: '0',
  ...f,
});

describe('the khata part of a bill', () => {
  it('cash plus khata add up to the bill; the khata part is within the credit left, online, and needs a khata', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (total, cashPart, left) => {
          const cash = Math.min(cashPart, total);
          const onKhata = total - cash;
          const t = tenderPayment(total, fields({ cash: String(cash / 100), khata: String(onKhata / 100) }), '', {
            availablePaise: left,
            online: true,
          });
          expect(t.khataPaise).toBe(onKhata);
          expect(t.change).toBe(0);
          if (onKhata <= left) expect(t.problems).toEqual([]);
          else expect(t.problems).toEqual([`Over the khata limit: ${formatINR(left / 100)} of credit is left`]);
        },
      ),
    );
  });

  it('refuses khata without a khata, or while the till is offline', () => {
    expect(tenderPayment(5_000, fields({ khata: '50' }), '', null).problems).toEqual(['This customer has no open khata']);
    expect(tenderPayment(5_000, fields({ khata: '50' }), '', { availablePaise: 10_000, online: false }).problems).toEqual([
      'Khata needs the network: the limit is checked by the shop',
    ]);
    expect(tenderPayment(5_000, fields({ cash: '20', khata: '20' }), '', { availablePaise: 10_000, online: true }).problems).toEqual([
      'Payments add up to ₹40, the bill is ₹50',
    ]);
  });
});

describe('the payment panel with a khata', () => {
  it('“All khata” puts the bill on khata and shows the balance after; the cash part after a partial payment', () => {
    const onPay = vi.fn();
    render(
      <PayPanel
        totalPaise={5_800}
        vpa=""
        payee="Shop"
        note="GR1"
        busy={false}
        khata={{ availablePaise: 200_000, balancePaise: -3_200, online: true }}
        onPay={onPay}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'All khata' }));
    expect(screen.getByTestId('pay-khata-left').textContent).toBe('₹2,000 of credit left · Owes ₹90 after');
    fireEvent.click(screen.getByRole('button', { name: 'Complete sale (Enter)' }));
    expect(onPay).toHaveBeenLastCalledWith({ cash: 0, cash_tendered: 0, upi: 0, card: 0, card_ref: null, khata: 58 });
    fireEvent.change(screen.getByLabelText('Cash'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Khata'), { target: { value: '38' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete sale (Enter)' }));
    expect(onPay).toHaveBeenLastCalledWith({ cash: 20, cash_tendered: 20, upi: 0, card: 0, card_ref: null, khata: 38 });
  });

  it('over the credit left: the sale cannot be completed and the cashier reads why', () => {
    render(
      <PayPanel
        totalPaise={5_800}
        vpa=""
        payee="Shop"
        note="GR1"
        busy={false}
        khata={{ availablePaise: 1_800, balancePaise: -8_200, online: true }}
        onPay={() => {}}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'All khata' }));
    expect(screen.getByText('Over the khata limit: ₹18 of credit is left')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Complete sale (Enter)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
