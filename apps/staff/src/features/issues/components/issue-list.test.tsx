import { ApiError } from '@grocer/shared/api-client';
import type { AdminIssue } from '@grocer/shared/support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Issues: shoppers' reports in the shared data table, the status and page in the
// address (the server pages them); an open one resolved in the one confirm dialog with a note
// checked by the shared contract (resolveIssueBodySchema).

const { IssueList } = await import('./issue-list');

const issue = (id: number, patch: Partial<AdminIssue> = {}): AdminIssue => ({
  id,
  kind: 'missing',
  lines: [{ pack_id: 7, name: 'Toor Dal 1 kg', quantity: 1 }],
  note: 'The packet was not in the bag',
  status: 'open',
  resolution: null,
  created_at: '2026-11-28T10:00:00.000Z',
  resolved_at: null,
  order_id: `o-${id}`,
  ordernumber: `GR${1000 + id}`,
  customer: { name: 'Priya Shopper', phone: '9876500001' },
  resolved_by: null,
  ...patch,
});
const open1 = issue(1);
const open2 = issue(2, { kind: 'damaged', lines: [], note: '', customer: { name: 'Ravi Kumar', phone: '9876500002' } });
const done = issue(3, {
  status: 'resolved',
  resolution: 'Refunded the missing packet.',
  resolved_at: '2026-11-29T10:00:00.000Z',
  resolved_by: 'Asha Owner',
});

// the server: a page of the status asked for; a resolve answered or refused
let resolve: (path: string, body: unknown) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  resolve = async () => ({ ...open1, status: 'resolved' });
  apiChecked.mockImplementation(async (path: string, method: string, body: unknown) => {
    if (method !== 'GET') return resolve(path, body);
    const q = new URL(path, 'http://shop').searchParams;
    // the server's search: the customer's name here
    const words = (q.get('q') ?? '').toLowerCase();
    const all = [open1, open2, done]
      .filter((i) => q.get('status') === 'all' || i.status === q.get('status'))
      .filter((i) => i.customer.name.toLowerCase().includes(words));
    return { data: all, meta: { total: all.length, open: 2, page: Number(q.get('page')), perPage: Number(q.get('perPage')) } };
  });
});
const gets = () => apiChecked.mock.calls.filter(([, method]) => method === 'GET').map(([path]) => path as string);
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(at = '') {
  window.history.replaceState(null, '', `/bos/admin/issues${at}`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <IssueList />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
const table = () => screen.getByRole('table', { name: 'Issues' });
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

describe('the issues list', () => {
  it('shows the open issues as before: when, the order linked, the customer, the problem, and Resolve', async () => {
    show();
    await within(table()).findByRole('link', { name: 'GR1001' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reported', 'Order', 'Customer', 'Problem', 'Status']);
    expect(rows()).toEqual([
      ['Nov 28, 2026', 'GR1001', 'Priya Shopper9876500001', 'Item missing1 × Toor Dal 1 kg“The packet was not in the bag”', 'Resolve'],
      ['Nov 28, 2026', 'GR1002', 'Ravi Kumar9876500002', 'Item damaged or leaking', 'Resolve'],
    ]);
    expect(within(table()).getByRole('link', { name: 'GR1001' }).getAttribute('href')).toBe('/bos/admin/orders/o-1');
    expect(screen.getByRole('button', { name: 'Open (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(gets()).toEqual(['/api/admin/issues?status=open&page=1&perPage=20']);
  });

  it('the status and page are in the address and asked of the server', async () => {
    show('?status=resolved');
    await within(table()).findByRole('link', { name: 'GR1003' });
    expect(rows()[0]![4]).toBe('ResolvedRefunded the missing packet.Asha Owner, Nov 29, 2026');
    expect(screen.getByRole('button', { name: 'Resolved' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(search().get('status')).toBe('all'));
    await within(table()).findByRole('link', { name: 'GR1001' });
    expect(rows()).toHaveLength(3);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(gets()).toContain('/api/admin/issues?status=all&page=1&perPage=50'));
    expect(search().toString()).toBe('status=all&perPage=50');

    fireEvent.click(screen.getByRole('button', { name: 'Open (2)' }));
    await waitFor(() => expect(search().toString()).toBe('perPage=50'));
  });

  it('a search is in the address and asked of the server', async () => {
    show('?q=ravi');
    await within(table()).findByRole('link', { name: 'GR1002' });
    expect(rows().map((r) => r[1])).toEqual(['GR1002']);
    expect(gets()).toContain('/api/admin/issues?status=open&q=ravi&page=1&perPage=20');
    type('Search by order, customer or note', 'nobody');
    fireEvent.submit(screen.getByRole('search'));
    await within(table()).findByText('No issue matches this search.');
    expect(search().get('q')).toBe('nobody');
    expect(gets()).toContain('/api/admin/issues?status=open&q=nobody&page=1&perPage=20');
  });

  it('no open issues says where they come from', async () => {
    apiChecked.mockResolvedValue({ data: [], meta: { total: 0, open: 0, page: 1, perPage: 20 } });
    show();
    await within(table()).findByText('No open issues. Shoppers can report one from a delivered order.');
  });
});

describe('resolving an issue', () => {
  async function resolveDialog() {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve the issue on GR1001' }));
    return within(screen.getByRole('alertdialog', { name: 'Resolve the issue on GR1001' }));
  }

  it('Cancel closes it and sends nothing', async () => {
    const dialog = await resolveDialog();
    type('What was done', 'Refunded', dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('an empty note shows the shared schema’s message at the field and sends nothing', async () => {
    const dialog = await resolveDialog();
    type('What was done', '   ', dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(errorAt('What was done', dialog)).toBe('Say how it was resolved'));
    expect(sent()).toEqual([]);
  });

  it('a note sends exactly it, then the dialog closes with the toast', async () => {
    const dialog = await resolveDialog();
    type('What was done', 'Refunded the missing packet.', dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent()).toEqual([['/api/admin/issues/1/resolve', 'POST', { resolution: 'Refunded the missing packet.' }]]);
    expect(toast.success).toHaveBeenCalledWith('Issue on GR1001 resolved');
  });

  it('the server’s refusal lands at the note; the dialog stays open', async () => {
    resolve = () =>
      Promise.reject(
        new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', errors: { resolution: ['Too short'] } }),
      );
    const dialog = await resolveDialog();
    type('What was done', 'ok', dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(errorAt('What was done', dialog)).toBe('Too short'));
    expect(sent()).toEqual([['/api/admin/issues/1/resolve', 'POST', { resolution: 'ok' }]]);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
