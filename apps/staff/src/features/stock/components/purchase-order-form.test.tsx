import type { PurchaseOrder } from '@grocer/shared/admin-purchasing';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Stock → Purchase orders → New purchase order / Edit: supplier, warehouse,
// expected date, the packs with quantity and cost price (₹ typed, paise sent), checked by the
// shared contract (purchaseOrderInputSchema) at each field before sending; the server's refusal
// shown at its field.

const { PurchaseOrderForm } = await import('./purchase-order-form');

const warehouses = [
  { id: 1, name: 'Bengaluru Central', code: 'BLR' },
  { id: 2, name: 'Mumbai Fort', code: 'MUM' },
];
const suppliers = [{ id: 4, name: 'Nandi Agro Foods', phone: '', gstin: '', open_orders: 0 }];
const row = {
  pack_id: 7,
  product_id: 3,
  product: 'Toor Dal',
  pack: '1 kg',
  sku: 'TD-1KG',
  warehouse_id: 1,
  warehouse: 'Bengaluru Central',
  available: 12,
  committed: 0,
  on_hand: 12,
  in_transit: 0,
  threshold: 5,
};
const saved = (id = 21): PurchaseOrder => ({
  id,
  number: `PO-00${id}`,
  status: 'draft',
  supplier: { id: 4, name: 'Nandi Agro Foods', phone: '', gstin: '' },
  warehouse: { id: 1, name: 'Bengaluru Central' },
  expected_on: '2026-12-15',
  note: 'Diwali stock',
  created_at: '2026-11-30T10:00:00.000Z',
  total: 36_000,
  lines: [{ id: 1, pack_id: 7, product: 'Toor Dal', pack: '1 kg', sku: 'TD-1KG', quantity: 8, received: 0, unit_cost: 4_500 }],
  receipts: [],
});
// the server: suppliers, the stock list (warehouses, and packs found), and the order saved or refused
let save: (path: string, method: string, body: never) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async () => saved();
  apiChecked.mockImplementation(async (path: string, method: string, body: never) => {
    if (path.startsWith('/api/admin/stock/suppliers')) return { data: suppliers };
    if (path.startsWith('/api/admin/stock?'))
      return { data: path.includes('q=TD') ? [row] : [], meta: { total: 1, page: 1, perPage: 20 }, warehouses, default_threshold: 5 };
    return save(path, method, body);
  });
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(po?: PurchaseOrder) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <PurchaseOrderForm po={po} /> },
    { path: '/bos/admin/stock/purchase-orders/:id', element: <p>Purchase order page</p> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
async function choose(label: string, name: string, options: Array<{ id: number; name: string }>) {
  await screen.findAllByRole('option', { name });
  type(label, String(options.find((o) => o.name === name)!.id));
}
async function addToorDal() {
  type('Add a pack', 'TD');
  fireEvent.click(await screen.findByRole('button', { name: /Toor Dal · 1 kg/ }));
  await screen.findByLabelText('Cost price (₹) of Toor Dal · 1 kg');
}
const quantity = 'Quantity of Toor Dal · 1 kg';
const cost = 'Cost price (₹) of Toor Dal · 1 kg';
/**
 * Saves the form as it is: submitted, since jsdom's own check of step="0.01" refuses whole rupees and
 * paise (45 / 0.01 is not a whole number in floating point), which a browser accepts.
 */
const savePo = () => fireEvent.submit(screen.getByRole('button', { name: 'Save purchase order' }).closest('form')!);

describe('the purchase order form', () => {
  it('nothing chosen: the shared schema’s messages at their fields, and nothing is sent', async () => {
    show();
    await screen.findAllByRole('option', { name: 'Mumbai Fort' });
    savePo();
    await waitFor(() => expect(errorAt('Supplier')).toBe('Choose a supplier'));
    expect(errorAt('Deliver to warehouse')).toBe('Choose a warehouse');
    expect(errorAt('Expected on')).toBeNull();
    expect(screen.getByText('Add at least one line')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('a line without a cost price, or a quantity of 0: refused at the line’s field', async () => {
    show();
    await choose('Supplier', 'Nandi Agro Foods', suppliers);
    await choose('Deliver to warehouse', 'Bengaluru Central', warehouses);
    await addToorDal();
    type(quantity, '0');
    savePo(); // the browser's own check of min="1" aside
    await waitFor(() => expect(errorAt(cost)).toBe('Cost price is required'));
    expect(errorAt(quantity)).toBe('Quantity must be at least 1');
    expect(errorAt('Supplier')).toBeNull();
    expect(screen.queryByText('Add at least one line')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('sends the body the API takes (rupees typed, paise sent), then opens the saved draft', async () => {
    show();
    await choose('Supplier', 'Nandi Agro Foods', suppliers);
    await choose('Deliver to warehouse', 'Bengaluru Central', warehouses);
    type('Expected on', '2026-12-15');
    type('Note', 'Diwali stock');
    await addToorDal();
    type(quantity, '8');
    type(cost, '45.50');
    await screen.findByText('Total ₹364');
    savePo();
    await screen.findByText('Purchase order page');
    expect(sent()).toEqual([
      [
        '/api/admin/stock/purchase-orders',
        'POST',
        {
          supplier_id: 4,
          warehouse_id: 1,
          expected_on: '2026-12-15',
          note: 'Diwali stock',
          lines: [{ pack_id: 7, quantity: 8, unit_cost: 4_550 }],
        },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Purchase order PO-0021 saved as a draft');
  });

  it('the server’s 422 lands on its field (a line’s cost price, the supplier), with the toast', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { 'lines.0.unit_cost': ['Cost price looks too high'], supplier_id: ['That supplier was removed'] },
        }),
      );
    show();
    await choose('Supplier', 'Nandi Agro Foods', suppliers);
    await choose('Deliver to warehouse', 'Bengaluru Central', warehouses);
    await addToorDal();
    type(cost, '99999');
    savePo();
    await waitFor(() => expect(errorAt(cost)).toBe('Cost price looks too high'));
    expect(errorAt('Supplier')).toBe('That supplier was removed');
    expect(sent()).toEqual([
      ['/api/admin/stock/purchase-orders', 'POST', expect.objectContaining({ lines: [{ pack_id: 7, quantity: 1, unit_cost: 9_999_900 }] })],
    ]);
    expect(toast.error).toHaveBeenCalled();
    expect(screen.queryByText('Purchase order page')).toBeNull();
  });

  it('a draft: opened as it is (cost in rupees), saved whole with PUT', async () => {
    show(saved());
    await screen.findAllByRole('option', { name: 'Nandi Agro Foods' });
    await screen.findAllByRole('option', { name: 'Mumbai Fort' });
    expect(field('Supplier').value).toBe('4');
    expect(field('Deliver to warehouse').value).toBe('1');
    expect(field('Expected on').value).toBe('2026-12-15');
    expect(field(cost).value).toBe('45');
    type(quantity, '10');
    type('Expected on', '');
    savePo();
    await screen.findByText('Purchase order page');
    expect(sent()).toEqual([
      [
        '/api/admin/stock/purchase-orders/21',
        'PUT',
        {
          supplier_id: 4,
          warehouse_id: 1,
          expected_on: null,
          note: 'Diwali stock',
          lines: [{ pack_id: 7, quantity: 10, unit_cost: 4_500 }],
        },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Purchase order PO-0021 saved');
  });
});
