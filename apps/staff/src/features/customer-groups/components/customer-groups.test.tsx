import type { CustomerGroup } from '@grocer/shared/price-lists';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Customer groups: a new group (its name) and a group's members (by mobile number
// or email), each checked by the shared contract (customerGroupInputSchema, groupMemberInputSchema)
// at its field before sending; the server's refusal shown at the field.

const { CustomerGroupEditor, CustomerGroupList } = await import('./customer-groups');

const wholesale: CustomerGroup = { id: 4, name: 'Wholesale', members: [], prices: [] };
const refused = (errors: Record<string, string[]>) =>
  Promise.reject(new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', errors }));
// the server: the groups, and a write answered with the group as it now is, or refused
let write: (path: string, method: string, body: Record<string, string>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  write = async (path, _method, body) =>
    path.endsWith('/members')
      ? { ...wholesale, members: [{ id: 12, name: 'Asha Rao', email: null, phone: body.customer }] }
      : { ...wholesale, id: 9, name: body.name };
  apiChecked.mockImplementation(async (path: string, method: string, body: never) =>
    method === 'GET' ? { data: [{ id: 4, name: 'Wholesale', members: 0, prices: 0 }] } : write(path, method, body),
  );
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/bos/admin/customer-groups/:id', element: <p>The new group</p> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the new group form', () => {
  it('shows the shared schema’s message at the field and sends nothing', async () => {
    show(<CustomerGroupList />);
    await screen.findByRole('link', { name: 'Wholesale' });
    type('New group', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(errorAt('New group')).toBe('Enter a name'));
    type('New group', 'x'.repeat(61));
    await waitFor(() => expect(errorAt('New group')).toBe('At most 60 characters'));
    expect(sent()).toEqual([]);
  });

  it('sends the name as typed, then opens the new group', async () => {
    const router = show(<CustomerGroupList />);
    await screen.findByRole('link', { name: 'Wholesale' });
    type('New group', 'Hotels');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await screen.findByText('The new group');
    expect(router.state.location.pathname).toBe('/bos/admin/customer-groups/9');
    expect(sent()).toEqual([['/api/admin/customer-groups', 'POST', { name: 'Hotels' }]]);
    expect(toast.success).toHaveBeenCalledWith('Hotels created');
  });

  it('the server’s 422 lands on the field; nothing moves', async () => {
    write = () => refused({ name: ['There is already a group called Wholesale'] });
    const router = show(<CustomerGroupList />);
    await screen.findByRole('link', { name: 'Wholesale' });
    type('New group', 'Wholesale');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(errorAt('New group')).toBe('There is already a group called Wholesale'));
    expect(sent()).toEqual([['/api/admin/customer-groups', 'POST', { name: 'Wholesale' }]]);
    expect(router.state.location.pathname).toBe('/');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('the add-a-member form', () => {
  it('shows the shared schema’s message at the field and sends nothing', async () => {
    show(<CustomerGroupEditor group={wholesale} />);
    type('Add a customer', ' 98 ');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('Add a customer')).toBe('Enter a mobile number or an email'));
    expect(sent()).toEqual([]);
  });

  it('sends the mobile number as typed; the box is empty again', async () => {
    show(<CustomerGroupEditor group={wholesale} />);
    type('Add a customer', '9000000003');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Customer added'));
    expect(sent()).toEqual([['/api/admin/customer-groups/4/members', 'POST', { customer: '9000000003' }]]);
    expect(field('Add a customer').value).toBe('');
  });

  it('the server’s 422 lands on the field, and goes once it is corrected', async () => {
    write = () => refused({ customer: ['No customer of this shop has that mobile number or email'] });
    show(<CustomerGroupEditor group={wholesale} />);
    type('Add a customer', '9999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('Add a customer')).toBe('No customer of this shop has that mobile number or email'));
    expect(sent()).toEqual([['/api/admin/customer-groups/4/members', 'POST', { customer: '9999999999' }]]);
    type('Add a customer', '9000000003');
    await waitFor(() => expect(errorAt('Add a customer')).toBeNull());
    expect(toast.success).not.toHaveBeenCalled();
  });
});
