import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt as errorIn, type as typeIn } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Stock → Suppliers: a supplier added or edited in place (name, phone, GSTIN),
// checked by the shared contract (supplierInputSchema) at each field before sending; the server's
// refusal shown at its field.

const { SupplierList } = await import('./supplier-list');

const nandi = { id: 4, name: 'Nandi Agro Foods', phone: '9845012345', gstin: '29ABCDE1234F1Z5', open_orders: 1 };
// the server: the suppliers, and a supplier saved (as the server has it) or refused
let save: (path: string, method: string, body: { name: string; phone: string; gstin: string }) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async (_path, _method, body) => ({ ...body, gstin: body.gstin.toUpperCase(), id: 9, open_orders: 0 });
  apiChecked.mockImplementation(async (path: string, method: string, body: never) =>
    method === 'GET' ? { data: [nandi] } : save(path, method, body),
  );
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <SupplierList /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Edit Nandi Agro Foods' });
}
const form = (name: string) => within(screen.getByRole('form', { name }));
const type = (f: ReturnType<typeof form>, label: string, value: string) => typeIn(label, value, f);
const errorAt = (f: ReturnType<typeof form>, label: string) => errorIn(label, f);

describe('the supplier form', () => {
  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    const f = form('New supplier');
    type(f, 'Supplier name', '   ');
    type(f, 'Phone', '98-ab');
    type(f, 'GSTIN', '29ABCDE1234');
    fireEvent.click(f.getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(errorAt(f, 'Supplier name')).toBe('Name is required'));
    expect(errorAt(f, 'Phone')).toBe('Enter a valid phone number');
    expect(errorAt(f, 'GSTIN')).toBe('Enter a valid 15-character GSTIN');
    expect(sent()).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a new supplier: sends the fields as typed, then the form closes', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    const f = form('New supplier');
    type(f, 'Supplier name', 'Kaveri Oils');
    type(f, 'Phone', '080 2345 6789');
    type(f, 'GSTIN', '29abcde1234f1z5');
    fireEvent.click(f.getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New supplier' })).toBeNull());
    expect(sent()).toEqual([
      ['/api/admin/stock/suppliers', 'POST', { name: 'Kaveri Oils', phone: '080 2345 6789', gstin: '29abcde1234f1z5' }],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Supplier Kaveri Oils added');
  });

  it('an existing supplier: opened as it is, saved with PUT', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Nandi Agro Foods' }));
    const f = form('Edit Nandi Agro Foods');
    expect((f.getByLabelText('GSTIN') as HTMLInputElement).value).toBe('29ABCDE1234F1Z5');
    type(f, 'Phone', '9845099999');
    fireEvent.click(f.getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Supplier Nandi Agro Foods saved'));
    expect(sent()).toEqual([
      ['/api/admin/stock/suppliers/4', 'PUT', { name: 'Nandi Agro Foods', phone: '9845099999', gstin: '29ABCDE1234F1Z5' }],
    ]);
  });

  it('the server’s 422 lands on its field, with the toast; the form stays open', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { gstin: ['Nandi Agro Foods already has this GSTIN'] },
        }),
      );
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    const f = form('New supplier');
    type(f, 'Supplier name', 'Nandi Agro');
    type(f, 'GSTIN', '29ABCDE1234F1Z5');
    fireEvent.click(f.getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(errorAt(f, 'GSTIN')).toBe('Nandi Agro Foods already has this GSTIN'));
    expect(errorAt(f, 'Supplier name')).toBeNull();
    expect(sent()).toEqual([['/api/admin/stock/suppliers', 'POST', { name: 'Nandi Agro', phone: '', gstin: '29ABCDE1234F1Z5' }]]);
    expect(toast.error).toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
