import type { AdminDelivery } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Delivery → Holidays and closures: a date without deliveries, in one zone or all,
// checked by the shared contract (adminClosureInputSchema) at each field; the server's refusal
// shown at its field.

const { Closures } = await import('./closures');

const delivery: AdminDelivery = {
  zones: [
    {
      id: 5,
      name: 'Bengaluru',
      warehouseId: 1,
      warehouse: 'Bengaluru Central',
      deliveryCharge: 4_000,
      freeAbove: null,
      codAllowed: true,
      codMax: null,
      leadDays: 0,
      pincodes: [],
      slots: [],
    },
  ],
  closures: [],
  warehouses: [{ id: 1, name: 'Bengaluru Central' }],
};

function show() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Closures delivery={delivery} />
    </QueryClientProvider>,
  );
}
const close = () => fireEvent.click(screen.getByRole('button', { name: 'Close this date' }));

describe('the closure form', () => {
  beforeEach(() => {
    resetFormApi();
  });

  it('no date: it cannot be sent', () => {
    show();
    expect((screen.getByRole('button', { name: 'Close this date' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    show();
    type('Date', '3000-01-01');
    type('Reason', 'x'.repeat(121));
    close();
    await waitFor(() => expect(errorAt('Date')).toBe('Use a date like 2026-01-31'));
    expect(errorAt('Reason')).toBe('At most 120 characters');
    expect(errorAt('Zone')).toBeNull();
    expect(apiChecked).not.toHaveBeenCalled();
  });

  it('sends the body the API takes (the zone’s id, or null for all), then the form is empty again', async () => {
    apiChecked.mockImplementation(async (_path: string, _method: string, body: object) => ({ id: 3, ...body }));
    show();
    type('Date', '2026-12-20');
    type('Zone', '5');
    type('Reason', 'Diwali');
    close();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(expect.stringMatching(/^No deliveries on .+ \(Bengaluru\)$/)));
    expect(apiChecked.mock.calls).toEqual([['/api/admin/delivery/closures', 'POST', { date: '2026-12-20', zoneId: 5, reason: 'Diwali' }]]);
    expect(field('Date').value).toBe('');
    expect(field('Reason').value).toBe('');

    type('Date', '2026-12-21');
    close();
    await waitFor(() => expect(apiChecked).toHaveBeenCalledTimes(2));
    expect(apiChecked.mock.calls[1]).toEqual(['/api/admin/delivery/closures', 'POST', { date: '2026-12-21', zoneId: null, reason: '' }]);
  });

  it('the server’s 422 lands on its field, its message under the form', async () => {
    apiChecked.mockRejectedValueOnce(
      new ApiError(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        errors: { date: ['Choose today or a later date'] },
      }),
    );
    show();
    type('Date', '2026-01-02');
    close();
    await waitFor(() => expect(errorAt('Date')).toBe('Choose today or a later date'));
    expect(screen.getByRole('alert').textContent).toBe('Some fields are not valid');
    expect(field('Date').value).toBe('2026-01-02');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
