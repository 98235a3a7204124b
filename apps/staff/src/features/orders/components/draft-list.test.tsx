import type { AdminDraftList } from '@grocer/shared/order-drafts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiChecked } from '../../../test/form-api';

// Orders → Drafts: the website's draft orders in the shared data table; the server answers them
// all, the search and the page are drawn here and kept in the address.

const { DraftList } = await import('./draft-list');

type Draft = AdminDraftList['data'][number];
const draft = (n: number, patch: Partial<Draft> = {}): Draft => ({
  id: `d-${n}`,
  number: `D${1000 + n}`,
  status: 'draft',
  customer: 'Ravi Kumar',
  items: 2,
  amount: 240,
  created_at: '2026-11-30T06:00:00.000Z',
  order: null,
  ...patch,
});
const priya = draft(1, { customer: 'Priya Shopper', items: 3, amount: 1234.5 });
const placed = draft(2, {
  customer: 'Asha Rao',
  status: 'placed',
  order: { id: 'o-9', ordernumber: 'GR1042', status: 'confirmed' },
});

beforeEach(() => {
  apiChecked.mockReset();
  window.history.replaceState(null, '', '/bos/admin/orders/drafts');
});

function show(drafts: Draft[], at = '') {
  window.history.replaceState(null, '', `/bos/admin/orders/drafts${at}`);
  apiChecked.mockResolvedValue({ data: drafts });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <DraftList />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
const table = () => screen.getByRole('table', { name: 'Draft orders' });
/** Each row as its cells' text. */
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
const search = () => new URLSearchParams(window.location.search);

describe('the draft orders list', () => {
  it('shows each draft as before: its number linked, customer, items, total and status with the order it became', async () => {
    show([priya, placed]);
    await within(table()).findByRole('link', { name: 'D1001' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Draft', 'Customer', 'Created', 'Items', 'Total', 'Status']);
    expect(rows().map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([
      ['D1001', 'Priya Shopper', '3', '₹1,234.50', 'Draft'],
      ['D1002', 'Asha Rao', '2', '₹240', 'Placed · GR1042 (Confirmed)'],
    ]);
    expect(within(table()).getByRole('link', { name: 'D1001' }).getAttribute('href')).toBe('/bos/admin/orders/drafts/d-1');
    expect(within(table()).getByRole('link', { name: 'GR1042' }).getAttribute('href')).toBe('/bos/admin/orders/o-9');
    expect(apiChecked).toHaveBeenCalledWith('/api/admin/orders/drafts', 'GET', undefined);
  });

  it('a search in the address keeps the drafts it names; typing one puts it there', async () => {
    show([priya, placed, draft(3)], '?q=priya');
    await within(table()).findByRole('link', { name: 'D1001' });
    expect(rows().map((r) => r[0])).toEqual(['D1001']);
    expect((screen.getByLabelText('Search by number or customer') as HTMLInputElement).value).toBe('priya');

    fireEvent.change(screen.getByLabelText('Search by number or customer'), { target: { value: 'gr1042' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(search().get('q')).toBe('gr1042'));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['D1002']));

    fireEvent.change(screen.getByLabelText('Search by number or customer'), { target: { value: 'nobody' } });
    fireEvent.submit(screen.getByRole('search'));
    await within(table()).findByText('No draft matches this search.');
  });

  it('pages of the size chosen, the page in the address', async () => {
    show(Array.from({ length: 25 }, (_, i) => draft(i + 1)));
    await within(table()).findByRole('link', { name: 'D1001' });
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('1–20 of 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(rows().map((r) => r[0])).toEqual(['D1021', 'D1022', 'D1023', 'D1024', 'D1025']);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(search().toString()).toBe('perPage=50'));
    expect(rows()).toHaveLength(25);
  });

  it('no drafts at all says how to start one', async () => {
    show([]);
    await within(table()).findByText('No draft orders yet. Start one with “New order”.');
  });
});
