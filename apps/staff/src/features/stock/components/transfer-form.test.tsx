import type { Transfer } from '@grocer/shared/admin-purchasing';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Stock → Transfers → New transfer / Edit: from, to, the packs and their
// quantities, checked by the shared contract (transferInputSchema) at each field before sending;
// the server's refusal shown at its field.

const { TransferForm } = await import('./transfer-form');

const warehouses = [
  { id: 1, name: 'Bengaluru Central', code: 'BLR' },
  { id: 2, name: 'Mumbai Fort', code: 'MUM' },
];
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
const saved = (body: { from_warehouse_id: number; to_warehouse_id: number; note: string }, id = 12): Transfer => ({
  id,
  number: `TR-00${id}`,
  status: 'draft',
  from: { id: body.from_warehouse_id, name: 'Bengaluru Central' },
  to: { id: body.to_warehouse_id, name: 'Mumbai Fort' },
  note: body.note,
  created_at: '2026-11-30T10:00:00.000Z',
  sent_at: null,
  received_at: null,
  lines: [],
});
// the server: the stock list (warehouses, and packs found), and the transfer saved or refused
let save: (path: string, method: string, body: never) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async (_path, _method, body) => saved(body);
  apiChecked.mockImplementation(async (path: string, method: string, body: never) => {
    if (path.startsWith('/api/admin/stock?'))
      return { data: path.includes('q=TD') ? [row] : [], meta: { total: 1, page: 1, perPage: 20 }, warehouses, default_threshold: 5 };
    return save(path, method, body);
  });
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(transfer?: Transfer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <TransferForm transfer={transfer} /> },
    { path: '/bos/admin/stock/transfers/:id', element: <p>Transfer page</p> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
async function choose(label: string, name: string) {
  await screen.findAllByRole('option', { name });
  fireEvent.change(field(label), { target: { value: String(warehouses.find((w) => w.name === name)!.id) } });
}
async function addToorDal() {
  fireEvent.change(screen.getByLabelText('Add a pack'), { target: { value: 'TD' } });
  fireEvent.click(await screen.findByRole('button', { name: /Toor Dal · 1 kg/ }));
  await screen.findByText('12 available at the source');
}
const saveTransfer = () => fireEvent.click(screen.getByRole('button', { name: 'Save transfer' }));

describe('the transfer form', () => {
  it('nothing chosen: the shared schema’s messages at their fields, and nothing is sent', async () => {
    show();
    await screen.findAllByRole('option', { name: 'Mumbai Fort' });
    saveTransfer();
    await waitFor(() => expect(errorAt('From warehouse')).toBe('Choose where the stock leaves from'));
    expect(errorAt('To warehouse')).toBe('Choose where the stock goes');
    expect(screen.getByText('Add at least one line')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('the same warehouse twice, or a quantity of 0: refused at the field', async () => {
    show();
    await choose('From warehouse', 'Bengaluru Central');
    await choose('To warehouse', 'Bengaluru Central');
    await addToorDal();
    fireEvent.change(field('Quantity of Toor Dal · 1 kg'), { target: { value: '0' } });
    // submitted as the form is (the browser's own check of min="1" aside)
    fireEvent.submit(screen.getByRole('form', { name: 'New transfer' }));
    await waitFor(() => expect(errorAt('To warehouse')).toBe('Choose two different warehouses'));
    expect(errorAt('Quantity of Toor Dal · 1 kg')).toBe('Quantity must be at least 1');
    expect(errorAt('From warehouse')).toBeNull();
    expect(screen.queryByText('Add at least one line')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('sends the body the API takes, then opens the saved draft', async () => {
    show();
    await choose('From warehouse', 'Bengaluru Central');
    await choose('To warehouse', 'Mumbai Fort');
    await addToorDal();
    fireEvent.change(field('Quantity of Toor Dal · 1 kg'), { target: { value: '3' } });
    fireEvent.change(field('Note'), { target: { value: 'Weekend top-up' } });
    saveTransfer();
    await screen.findByText('Transfer page');
    expect(sent()).toEqual([
      [
        '/api/admin/stock/transfers',
        'POST',
        { from_warehouse_id: 1, to_warehouse_id: 2, note: 'Weekend top-up', lines: [{ pack_id: 7, quantity: 3 }] },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Transfer TR-0012 saved as a draft');
  });

  it('the server’s 422 lands on its field (a line’s quantity, the lines), with the toast', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { 'lines.0.quantity': ['Only 12 available at Bengaluru Central'], lines: ['Each pack once per transfer'] },
        }),
      );
    show();
    await choose('From warehouse', 'Bengaluru Central');
    await choose('To warehouse', 'Mumbai Fort');
    await addToorDal();
    fireEvent.change(field('Quantity of Toor Dal · 1 kg'), { target: { value: '40' } });
    saveTransfer();
    await waitFor(() => expect(errorAt('Quantity of Toor Dal · 1 kg')).toBe('Only 12 available at Bengaluru Central'));
    expect(screen.getByText('Each pack once per transfer')).toBeTruthy();
    expect(sent()).toEqual([['/api/admin/stock/transfers', 'POST', expect.objectContaining({ lines: [{ pack_id: 7, quantity: 40 }] })]]);
    expect(toast.error).toHaveBeenCalled();
    expect(screen.queryByText('Transfer page')).toBeNull();
  });

  it('a draft: opened as it is, saved whole with PUT', async () => {
    const draft: Transfer = {
      ...saved({ from_warehouse_id: 1, to_warehouse_id: 2, note: 'Van 2' }),
      lines: [
        {
          id: 1,
          pack_id: 7,
          product: 'Toor Dal',
          pack: '1 kg',
          sku: 'TD-1KG',
          quantity: 2,
          received: 0,
          short: 0,
          short_reason: null,
          available_at_source: 12,
        },
      ],
    };
    show(draft);
    await screen.findAllByRole('option', { name: 'Mumbai Fort' });
    expect(field('From warehouse').value).toBe('1');
    expect(field('To warehouse').value).toBe('2');
    expect(field('Note').value).toBe('Van 2');
    fireEvent.change(field('Quantity of Toor Dal · 1 kg'), { target: { value: '3' } });
    saveTransfer();
    await screen.findByText('Transfer page');
    expect(sent()).toEqual([
      [
        '/api/admin/stock/transfers/12',
        'PUT',
        { from_warehouse_id: 1, to_warehouse_id: 2, note: 'Van 2', lines: [{ pack_id: 7, quantity: 3 }] },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Transfer TR-0012 saved');
  });

  it('choosing another source warehouse empties the lines', async () => {
    show();
    await choose('From warehouse', 'Bengaluru Central');
    await addToorDal();
    expect(screen.getByRole('list', { name: 'Transfer lines' }).textContent).toContain('Toor Dal');
    await choose('From warehouse', 'Mumbai Fort');
    expect(screen.queryByLabelText('Quantity of Toor Dal · 1 kg')).toBeNull();
  });
});
