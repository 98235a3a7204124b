import type { CustomerDetail } from '@grocer/shared/admin-customers';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Customers → a customer: the staff's tags and notes, each box checked by the
// shared contract (tagBodySchema, noteBodySchema) before sending; the server's refusal shown at the
// box, with the toast.

const { CustomerNotes, CustomerTags } = await import('./customer-notes');

const priya: CustomerDetail = {
  id: 7,
  name: 'Priya Shopper',
  email: 'priya@example.com',
  phone: '9000000003',
  joined: '2026-01-10T10:00:00.000Z',
  orders: 2,
  spent: 1200,
  last_order: null,
  blocked: null,
  tags: ['regular'],
  addresses: [],
  recent_orders: [],
  notes: [],
};
const refused = (errors: Record<string, string[]>) =>
  Promise.reject(new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', errors }));
// the server: the tags in use, and the customer as a write leaves them, or a refusal
let write: (path: string, method: string, body: Record<string, string>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  write = async (path, _method, body) =>
    path.endsWith('/tags')
      ? { ...priya, tags: [...priya.tags, body.tag!.toLowerCase()] }
      : { ...priya, notes: [{ id: 1, body: body.body, author: 'Store Owner', created_at: '2026-12-01T10:00:00.000Z' }] };
  apiChecked.mockImplementation(async (path: string, method: string, body: never) =>
    method === 'GET' ? { data: [{ tag: 'wholesale', customers: 3 }] } : write(path, method, body),
  );
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

describe('the new tag box', () => {
  it('shows the shared schema’s message at the box and sends nothing', async () => {
    show(<CustomerTags customer={priya} />);
    type('New tag', 'vip!');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('New tag')).toBe('Letters, digits, spaces, - and _ only'));
    expect(sent()).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends the tag as typed; the box is empty again', async () => {
    show(<CustomerTags customer={priya} />);
    type('New tag', 'VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field('New tag').value).toBe(''));
    expect(sent()).toEqual([['/api/admin/customers/7/tags', 'POST', { tag: 'VIP' }]]);
    expect(errorAt('New tag')).toBeNull();
  });

  it('the server’s 422 lands at the box, with the toast; the tag stays', async () => {
    write = () => refused({ tag: ['At most 30 characters'] });
    show(<CustomerTags customer={priya} />);
    type('New tag', 'late payer');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('New tag')).toBe('At most 30 characters'));
    expect(sent()).toEqual([['/api/admin/customers/7/tags', 'POST', { tag: 'late payer' }]]);
    expect(field('New tag').value).toBe('late payer');
    expect(toast.error).toHaveBeenCalled();
  });
});

describe('the new note box', () => {
  it('shows the shared schema’s messages at the box and sends nothing', async () => {
    show(<CustomerNotes customer={priya} />);
    type('New note', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(errorAt('New note')).toBe('Write the note'));
    type('New note', 'x'.repeat(2001));
    await waitFor(() => expect(errorAt('New note')).toBe('At most 2,000 characters'));
    expect(sent()).toEqual([]);
  });

  it('sends the note as typed; the box is empty again', async () => {
    show(<CustomerNotes customer={priya} />);
    type('New note', 'Prefers deliveries before 9 am');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(field('New note').value).toBe(''));
    expect(sent()).toEqual([['/api/admin/customers/7/notes', 'POST', { body: 'Prefers deliveries before 9 am' }]]);
  });

  it('the server’s 422 lands at the box, with the toast', async () => {
    write = () => refused({ body: ['At most 2,000 characters'] });
    show(<CustomerNotes customer={priya} />);
    type('New note', 'Ring twice');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(errorAt('New note')).toBe('At most 2,000 characters'));
    expect(sent()).toEqual([['/api/admin/customers/7/notes', 'POST', { body: 'Ring twice' }]]);
    expect(toast.error).toHaveBeenCalled();
  });
});
