import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@grocer/shared/api-client';
import type { Handover } from '@grocer/shared/delivery-trips';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Administration → Rider cash → Cash to take to the bank: the counted handovers not deposited yet,
// ticked into one deposit; the amount is prefilled with their counted cash and checked like the
// shared contract; the server's refusal shown on its field.

const mutateAsync = vi.fn();
vi.mock('./api/handovers', () => ({ useRecordDeposit: () => ({ mutateAsync }) }));
const { BankDeposit } = await import('./components/bank-deposit');

const handover = (id: number, counted: number, deposit_id: number | null = null): Handover => ({
  id,
  trip_id: id,
  label: `Trip ${id}`,
  date: '2026-11-29',
  rider: { id: 7, name: 'Ravi Kumar' },
  expected: counted,
  upi: 0,
  counted,
  difference: 0,
  reason: null,
  denominations: null,
  received_by: 'Asha',
  via: 'pos',
  at: '2026-11-29T12:00:00.000Z',
  deposit_id,
});
const done = [handover(1, 125_050), handover(2, 40_000), handover(3, 99_900, 4)];
const amount = () => screen.getByLabelText('Amount (₹)') as HTMLInputElement;
const record = () => fireEvent.click(screen.getByRole('button', { name: 'Record bank deposit' }));

describe('Record bank deposit', () => {
  beforeEach(() => mutateAsync.mockReset());

  it('lists only the undeposited handovers, prefills the ticked sum and sends the deposit', async () => {
    mutateAsync.mockImplementation(async (b?: { amount: number; bank_reference: string }) => ({
      id: 9,
      amount: (b?.amount ?? 0) * 100,
      bank_reference: b?.bank_reference,
    }));
    render(<BankDeposit done={done} canDeposit />);
    expect(screen.getByText('Cash to take to the bank (2)')).toBeTruthy();
    expect(screen.queryByText(/Trip 3/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/Deposit Ravi Kumar · Trip 1/));
    expect(amount().value).toBe('1250.5');
    fireEvent.click(screen.getByLabelText(/Deposit Ravi Kumar · Trip 2/));
    expect(amount().value).toBe('1650.5');
    fireEvent.change(screen.getByLabelText('Deposited on'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Bank reference'), { target: { value: ' SBI slip 4471 ' } });
    record();
    await screen.findByText('Deposit recorded: ₹1,650.50, reference SBI slip 4471.');
    expect(mutateAsync).toHaveBeenCalledWith({
      handover_ids: [1, 2],
      deposited_on: '2026-11-30',
      bank_reference: 'SBI slip 4471',
      amount: 1650.5,
    });
  });

  it('asks for a handover and a reference before sending, and shows the server’s refusal on the amount', async () => {
    render(<BankDeposit done={done} canDeposit />);
    record();
    await screen.findByText('Choose the handovers taken to the bank');
    expect(screen.getByText('Enter the bank reference')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
    mutateAsync.mockRejectedValueOnce(
      new ApiError(422, {
        code: 'VALIDATION_FAILED',
        message: 'The handovers chosen counted ₹400, not ₹500',
        errors: { amount: ['The handovers chosen counted ₹400, not ₹500'] },
      }),
    );
    fireEvent.click(screen.getByLabelText(/Trip 2/));
    fireEvent.change(amount(), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Bank reference'), { target: { value: 'SBI 1' } });
    record();
    expect((await screen.findAllByText('The handovers chosen counted ₹400, not ₹500')).length).toBeGreaterThan(0);
    expect(mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ handover_ids: [2], amount: 500 }));
  });

  it('is a list only without the order manager’s permission', () => {
    render(<BankDeposit done={done} canDeposit={false} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record bank deposit' })).toBeNull();
    expect(screen.getByText(/Counted and not deposited: ₹1,650.50/)).toBeTruthy();
  });
});
