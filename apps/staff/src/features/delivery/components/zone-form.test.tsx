import type { AdminZone } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Delivery: a zone's rules typed in rupees, checked by the shared contract
// (adminZoneInputSchema) at each field, sent in paise; the server's refusal shown at its field.

const { ZoneForm } = await import('./zone-form');

const warehouses = [
  { id: 1, name: 'Bengaluru Central' },
  { id: 2, name: 'Mumbai Fort' },
];
const zone: AdminZone = {
  id: 5,
  name: 'Bengaluru',
  warehouseId: 1,
  warehouse: 'Bengaluru Central',
  deliveryCharge: 4_000,
  freeAbove: 49_900,
  codAllowed: true,
  codMax: 300_000,
  leadDays: 0,
  pincodes: ['560001'],
  slots: [],
};

function show(z: AdminZone | null, onSaved?: () => void) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <ZoneForm zone={z} warehouses={warehouses} onSaved={onSaved} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the zone form', () => {
  beforeEach(() => {
    resetFormApi();
  });

  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    show(null);
    type('Zone name', '   ');
    type('First slot after (days)', '31');
    type('COD up to (₹)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(errorAt('Zone name')).toBe('Enter a name'));
    expect(errorAt('First slot after (days)')).toBe('At most 30 days');
    expect(errorAt('COD up to (₹)')).toBe('Must be more than 0');
    expect(errorAt('Delivery charge (₹)')).toBeNull();
    expect(apiChecked).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a new zone: rupees typed, paise sent; then the form is empty again and onSaved is told', async () => {
    apiChecked.mockImplementation(async (_path: string, _method: string, body: object) => ({ ...zone, ...body, id: 9 }));
    const onSaved = vi.fn();
    show(null, onSaved);
    type('Zone name', 'Mumbai');
    fireEvent.change(screen.getByLabelText('Ships from'), { target: { value: '2' } });
    type('Delivery charge (₹)', '25.50');
    type('Free delivery from (₹)', '499');
    type('COD up to (₹)', '2000');
    type('First slot after (days)', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(apiChecked.mock.calls).toEqual([
      [
        '/api/admin/delivery/zones',
        'POST',
        { name: 'Mumbai', warehouseId: 2, deliveryCharge: 2_550, freeAbove: 49_900, codAllowed: true, codMax: 200_000, leadDays: 1 },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Zone Mumbai created. Add its pincodes and slots below.');
    expect(field('Zone name').value).toBe('');
  });

  it('an existing zone: shown in rupees, unchanged cannot be saved; no COD sends no ceiling, empty free-above sends null', async () => {
    apiChecked.mockImplementation(async (_path: string, _method: string, body: object) => ({ ...zone, ...body }));
    show(zone);
    expect(field('Delivery charge (₹)').value).toBe('40');
    expect(field('Free delivery from (₹)').value).toBe('499');
    expect(field('COD up to (₹)').value).toBe('3000');
    const save = screen.getByRole('button', { name: 'Save zone' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    type('Free delivery from (₹)', '');
    fireEvent.click(screen.getByLabelText('Cash on delivery offered'));
    expect(field('COD up to (₹)').disabled).toBe(true);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bengaluru saved'));
    expect(apiChecked).toHaveBeenCalledWith('/api/admin/delivery/zones/5', 'PUT', {
      name: 'Bengaluru',
      warehouseId: 1,
      deliveryCharge: 4_000,
      freeAbove: null,
      codAllowed: false,
      codMax: null,
      leadDays: 0,
    });
  });

  it('a change put back is not a change: Save stays off', async () => {
    show(zone);
    const save = screen.getByRole('button', { name: 'Save zone' }) as HTMLButtonElement;
    type('Zone name', 'Bengaluru South');
    await waitFor(() => expect(save.disabled).toBe(false));
    type('Zone name', 'Bengaluru');
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('the server’s 422 lands on its field, with the toast', async () => {
    apiChecked.mockRejectedValueOnce(
      new ApiError(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        errors: { warehouseId: ['That warehouse is closed'] },
      }),
    );
    show(zone);
    type('Delivery charge (₹)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(errorAt('Ships from')).toBe('That warehouse is closed'));
    expect(apiChecked).toHaveBeenCalledWith('/api/admin/delivery/zones/5', 'PUT', expect.objectContaining({ deliveryCharge: 3_000 }));
    expect(toast.error).toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
