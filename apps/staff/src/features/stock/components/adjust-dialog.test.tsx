import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAt as errorIn, field as fieldIn, type as typeIn } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';
import type { AdjustTarget } from './adjust-dialog';

// Administration → Stock → Adjust stock: units received, damaged or expired, or a count correction
// (the counted quantity, or a difference), turned into the API's `delta` or `counted` and checked by
// the shared contract (adminStockAdjustSchema) before sending; the server's refusal shown in the
// dialog, at its field when it names one.

const { AdjustDialog } = await import('./adjust-dialog');

const target: AdjustTarget = {
  packId: 7,
  label: 'Basmati Rice · 1 kg',
  levels: [
    { warehouse_id: 1, warehouse: 'Bengaluru Central', available: 12 },
    { warehouse_id: 2, warehouse: 'Mumbai Fort', available: 3 },
  ],
  warehouseId: 1,
};
// the server: the pack's balances after the adjustment, or a refusal
let adjust: (body: { warehouse_id: number; delta?: number; counted?: number }) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  adjust = async (body) => {
    const level = target.levels.find((l) => l.warehouse_id === body.warehouse_id)!;
    const available = body.counted ?? level.available + body.delta!;
    return { stock: { levels: [{ ...level, available }] }, movement: available === level.available ? null : { id: 1 } };
  };
  apiChecked.mockImplementation(async (_path: string, _method: string, body: never) => adjust(body));
});

function show() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdjustDialog target={target} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const dialog = () => within(screen.getByRole('alertdialog', { name: 'Adjust stock' }));
const field = (label: string) => fieldIn(label, dialog());
const type = (label: string, value: string) => typeIn(label, value, dialog());
const errorAt = (label: string) => errorIn(label, dialog());
const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(dialog().getByRole('button', { name: 'Save adjustment' }));

describe('the adjust stock dialog', () => {
  it('shows the shared schema’s messages at the quantity and the note, and sends nothing', async () => {
    show();
    save();
    await waitFor(() => expect(errorAt('Units received')).toBe('Quantity is required'));
    type('Units received', '1.5');
    type('Note', 'x'.repeat(501));
    save();
    await waitFor(() => expect(errorAt('Units received')).toBe('Quantity must be a whole number'));
    expect(errorAt('Note')).toBe('Note can be at most 500 characters');
    // units removed are typed as a number of units: a negative one would add them
    choose('Reason', 'damaged');
    type('Units removed', '-2');
    type('Note', '');
    save();
    await waitFor(() => expect(errorAt('Units removed')).toBe('Damaged or expired stock removes units'));
    expect(errorAt('Note')).toBeNull();
    // a count: the counted quantity is never negative
    choose('Reason', 'count');
    type('Counted quantity', '-1');
    save();
    await waitFor(() => expect(errorAt('Counted quantity')).toBe('Counted quantity cannot be negative'));
    expect(apiChecked).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('units received in another warehouse: sends a positive delta, then closes', async () => {
    const onClose = show();
    choose('Warehouse', '2');
    type('Units received', '4');
    expect(dialog().getByText('Now 3 → after this 7')).toBeTruthy();
    type('Note', 'Supplier delivery');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiChecked.mock.calls).toEqual([
      ['/api/admin/stock/packs/7/adjust', 'POST', { warehouse_id: 2, reason: 'received', note: 'Supplier delivery', delta: 4 }],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Stock of Basmati Rice · 1 kg is now 7');
  });

  it('units expired: sends a negative delta', async () => {
    show();
    choose('Reason', 'expired');
    type('Units removed', '2');
    expect(dialog().getByText('Now 12 → after this 10')).toBeTruthy();
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stock of Basmati Rice · 1 kg is now 10'));
    expect(apiChecked.mock.calls).toEqual([
      ['/api/admin/stock/packs/7/adjust', 'POST', { warehouse_id: 1, reason: 'expired', note: '', delta: -2 }],
    ]);
  });

  it('a count: sends the counted quantity', async () => {
    show();
    choose('Reason', 'count');
    type('Counted quantity', '0');
    expect(dialog().getByText('Now 12 → after this 0')).toBeTruthy();
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stock of Basmati Rice · 1 kg is now 0'));
    expect(apiChecked.mock.calls).toEqual([
      ['/api/admin/stock/packs/7/adjust', 'POST', { warehouse_id: 1, reason: 'count', note: '', counted: 0 }],
    ]);
  });

  it('a count by a difference: sends it as the delta', async () => {
    show();
    choose('Reason', 'count');
    fireEvent.click(dialog().getByLabelText('Change by (+/−)'));
    type('Change by', '-3');
    expect(dialog().getByText('Now 12 → after this 9')).toBeTruthy();
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stock of Basmati Rice · 1 kg is now 9'));
    expect(apiChecked.mock.calls).toEqual([
      ['/api/admin/stock/packs/7/adjust', 'POST', { warehouse_id: 1, reason: 'count', note: '', delta: -3 }],
    ]);
  });

  it('the server’s 422 lands at its field; its message shows in the dialog, with the toast', async () => {
    adjust = () =>
      Promise.reject(
        new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Quantity is too large', errors: { delta: ['Quantity is too large'] } }),
      );
    const onClose = show();
    type('Units received', '999999');
    save();
    await waitFor(() => expect(errorAt('Units received')).toBe('Quantity is too large'));
    expect(dialog().getByRole('alert').textContent).toBe('Quantity is too large');
    expect(toast.error).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a removal below zero (409) is explained in the dialog', async () => {
    adjust = () =>
      Promise.reject(
        new ApiError(409, {
          code: 'STOCK_BELOW_ZERO',
          message: 'Only 12 in stock at Bengaluru Central: stock cannot go below zero',
        }),
      );
    show();
    choose('Reason', 'damaged');
    type('Units removed', '20');
    save();
    await waitFor(() =>
      expect(dialog().getByRole('alert').textContent).toBe('Only 12 in stock at Bengaluru Central: stock cannot go below zero'),
    );
    expect(errorAt('Units removed')).toBeNull();
  });
});
